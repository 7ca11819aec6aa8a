import { unknownApiPath } from '@/shared/api';

/** Any `/api/...` address no route answers: 404 in the API's error shape, in the Accept-Language language. */
export const GET = unknownApiPath;
export const HEAD = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
