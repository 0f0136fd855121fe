import katex from 'katex';

/**
 * Renders an equation into an element. Errors show as red source text instead of throwing,
 * and `trust: false` keeps \href, \url, \includegraphics and \htmlX commands inert, so stored
 * equation text cannot turn into links or markup.
 */
export function renderEquation(element: HTMLElement, equation: string, displayMode: boolean) {
  katex.render(equation, element, {
    displayMode,
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    maxSize: 20,
    maxExpand: 500,
    output: 'htmlAndMathml',
  });
}
