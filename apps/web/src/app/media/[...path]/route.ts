import { answerMedia } from '@/shared/media';

type Context = { params: Promise<{ path: string[] }> };

/** A content-service picture from the storefront's own origin, resized and kept (shared/media). */
export async function GET(request: Request, { params }: Context): Promise<Response> {
  return answerMedia(request, (await params).path);
}
