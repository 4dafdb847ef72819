// /docs: Swagger UI (served from the installed swagger-ui-bundle package, no CDN) over the
// server's own OpenAPI schema. A file of its own: the pages' CSP runs no inline script.
window.ui = SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  layout: "BaseLayout",
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
