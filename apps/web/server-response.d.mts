import { ServerResponse, type IncomingMessage } from 'node:http';

export const BYTES_FROM_LENGTH: number;
export class StorefrontResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {}
