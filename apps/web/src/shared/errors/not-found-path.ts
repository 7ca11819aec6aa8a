/** Where the not-found text says the path: the layout formats the message with it, the error screen fills it in. */
export const NOT_FOUND_PATH_PLACEHOLDER = '{path}';
