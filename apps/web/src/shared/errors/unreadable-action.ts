import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { issue } from '@/lib/issues';
import { plainTextRefusal } from './malformed-address';

const isMultipart = (request: Request) => /^multipart\/form-data\b/i.test(request.headers.get('content-type') ?? '');

/**
 * Whether Next takes a request for a server action: a POST outside the API with the `Next-Action` header (the
 * storefront's own forms calling an action), or a multipart POST (a plain form submitted without JavaScript). Next
 * does so for any page address, an unknown one included.
 */
export function isServerActionRequest(request: NextRequest): boolean {
  if (request.method !== 'POST' || request.nextUrl.pathname.startsWith('/api/')) return false;
  return request.headers.has('next-action') || isMultipart(request);
}

/**
 * Whether a server action's request body cannot be read as what the browser sends: a multipart body that does not
 * parse, or arguments that are not a JSON array (in the body, or in the form's field `0` when they hold files). Next
 * hands such a body to React's decoder, which throws, and answers 500; the proxy refuses it first. Only the envelope is
 * checked: what the arguments say is each action's to validate.
 */
export async function hasUnreadableActionBody(request: NextRequest): Promise<boolean> {
  try {
    if (isMultipart(request)) {
      const form = await request.clone().formData();
      if (!request.headers.has('next-action')) return false;
      const args = form.get('0');
      return typeof args !== 'string' || !Array.isArray(JSON.parse(args));
    }
    return !Array.isArray(JSON.parse(await request.clone().text()));
  } catch {
    return true;
  }
}

/** 400 with the reason, as plain text: the caller is no page of the storefront. */
export function unreadableActionResponse(request: NextRequest): NextResponse {
  return plainTextRefusal(request, issue('body', 'booking.errors.unreadableRequest'));
}
