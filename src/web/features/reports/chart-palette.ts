/**
 * The pie's 5 colours (docs/product-guide.md#reportes): Okabe–Ito, chosen to
 * stay apart for the common kinds of colour blindness (its yellow is left
 * out: too pale on white). Slices also carry their lot code in the legend
 * and the screen-reader table, so colour is never the only clue.
 */
export const PIE_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00'] as const;

/** The bars: the app's primary brown (styles.css --color-primary). */
export const BAR_COLOUR = '#6f3d1e';

/** 'Margen bruto' bars (docs/product-guide.md#reportes): the app's success green (styles.css --color-success), 5.3:1 on white, as the tooltip writes its figure in it. */
export const MARGIN_BAR_COLOUR = '#1f7a3a';

/** Charts are 300 px high (docs/product-guide.md#reportes). */
export const CHART_HEIGHT = 300;

