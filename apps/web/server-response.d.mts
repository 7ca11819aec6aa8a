import { ServerResponse, type IncomingMessage } from 'node:http';

export const BYTES_FROM_LENGTH: number;
export const KEPT_BYTES_LIMIT: number;
export function utf8BytesOf(text: string): Buffer;
export function keptBytesSize(): { entries: number; weight: number };
export class StorefrontResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
