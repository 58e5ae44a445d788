// Filled in by the page that carries it (docs/decisions/0030-small-page-scripts.md).
export {};
