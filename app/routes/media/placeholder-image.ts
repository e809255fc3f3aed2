/**
 * The image shown where a photo cannot be (GET /api/media/render/placeholder): a neutral frame with a
 * landscape, no words, so it needs no translation. It is our own fixed markup, never user content.
 */
export const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<rect width="320" height="320" fill="#ece7df"/>
<rect x="70" y="90" width="180" height="140" rx="10" fill="none" stroke="#8a7f72" stroke-width="8"/>
<circle cx="205" cy="130" r="16" fill="#8a7f72"/>
<path d="M82 218l50-62 38 44 24-26 44 44z" fill="#8a7f72"/>
</svg>`;
