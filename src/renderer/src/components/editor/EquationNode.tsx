import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from 'lexical';
import { lazy, Suspense, type JSX } from 'react';

export type SerializedEquationNode = Spread<
  { equation: string; inline: boolean },
  SerializedLexicalNode
>;

// The view pulls in KaTeX; the node itself stays free of it so that importing HTML or reading
// content does not need the renderer.
const EquationView = lazy(() => import('./EquationView'));

const EQUATION_ATTRIBUTE = 'data-equation';

function convertEquationElement(element: HTMLElement): DOMConversionOutput | null {
  const equation = element.getAttribute(EQUATION_ATTRIBUTE);
  if (equation === null) return null;
  return {
    node: $createEquationNode(equation, element.getAttribute('data-equation-inline') !== 'false'),
  };
}

/**
 * An equation (spec §3: equation text and an inline flag) rendered with KaTeX. It always sits
 * in a line of text; `inline: false` asks for display mode, on a line of its own.
 */
export class EquationNode extends DecoratorNode<JSX.Element> {
  __equation: string;
  __inline: boolean;

  static override getType(): string {
    return 'equation';
  }

  static override clone(node: EquationNode): EquationNode {
    return new EquationNode(node.__equation, node.__inline, node.__key);
  }

  constructor(equation = '', inline = true, key?: NodeKey) {
    super(key);
    this.__equation = equation;
    this.__inline = inline;
  }

  static override importJSON(json: SerializedEquationNode): EquationNode {
    return $createEquationNode(json.equation, json.inline);
  }

  override exportJSON(): SerializedEquationNode {
    const latest = this.getLatest();
    return {
      type: 'equation',
      version: 1,
      equation: latest.__equation,
      inline: latest.__inline,
    };
  }

  override createDOM(): HTMLElement {
    const element = document.createElement(this.__inline ? 'span' : 'div');
    element.className = this.__inline ? 'editor-equation' : 'editor-equation editor-equation-block';
    return element;
  }

  override updateDOM(previous: EquationNode): boolean {
    return previous.__inline !== this.__inline;
  }

  // Copying keeps the source text in an attribute, so that pasting it back gives the equation.
  override exportDOM(): DOMExportOutput {
    const element = document.createElement(this.__inline ? 'span' : 'div');
    element.setAttribute(EQUATION_ATTRIBUTE, this.__equation);
    element.setAttribute('data-equation-inline', String(this.__inline));
    element.textContent = this.__equation;
    return { element };
  }

  static override importDOM(): DOMConversionMap | null {
    const match = (element: HTMLElement) =>
      element.hasAttribute(EQUATION_ATTRIBUTE)
        ? { conversion: convertEquationElement, priority: 2 as const }
        : null;
    return { span: match, div: match };
  }

  override getTextContent(): string {
    return this.getLatest().__equation;
  }

  getEquation(): string {
    return this.getLatest().__equation;
  }

  isInlineEquation(): boolean {
    return this.getLatest().__inline;
  }

  setEquation(equation: string): void {
    this.getWritable().__equation = equation;
  }

  override decorate(): JSX.Element {
    return (
      <Suspense fallback={<span>{this.__equation}</span>}>
        <EquationView equation={this.__equation} inline={this.__inline} nodeKey={this.__key} />
      </Suspense>
    );
  }
}

export function $createEquationNode(equation = '', inline = true): EquationNode {
  return $applyNodeReplacement(new EquationNode(equation, inline));
}

export function $isEquationNode(node: LexicalNode | null | undefined): node is EquationNode {
  return node instanceof EquationNode;
}
