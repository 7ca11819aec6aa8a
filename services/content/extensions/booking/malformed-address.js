// An address whose % escapes cannot be decoded (`/items/flota/%ff`, `/booking/reservations/%ff`): Express fails to
// decode its route parameters and Directus answers 500. It is the caller's mistake, so the content service answers
// 400 MALFORMED_ADDRESS before any route runs, for every route (Directus' own and this bundle's endpoint).

export default ({ init }) => {
  init('routes.before', ({ app }) => {
    app.use((req, res, next) => {
      if (isDecodable(req.path)) return next();
      res.status(400).json({
        errors: [{ message: 'This address cannot be decoded: a % sign is not followed by a valid encoded character', extensions: { code: 'MALFORMED_ADDRESS' } }],
      });
    });
  });
};

function isDecodable(path) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}
