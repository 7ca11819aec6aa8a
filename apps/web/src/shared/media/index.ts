/** The storefront's `/media/...` pictures (app/media/[...path]/route.ts). Other code uses this helper through this file only. */
export { answerMedia, IMMUTABLE } from './media-answers';
