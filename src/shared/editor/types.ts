/**
 * The stored form of editor content: Lexical's serialized editor state, limited to the node
 * types this product registers. Attributes are loose here; sanitizeEditorState decides which
 * ones survive.
 */
export interface SerializedEditorNode {
  type: string;
  version?: number;
  children?: SerializedEditorNode[];
  [attribute: string]: unknown;
}

export interface SerializedRootNode extends SerializedEditorNode {
  type: 'root';
  children: SerializedEditorNode[];
}

export interface SerializedEditorContent {
  root: SerializedRootNode;
}

/** An empty document: what a new chapter or task starts with. */
export function emptyEditorContent(): SerializedEditorContent {
  return {
    root: {
      type: 'root',
      version: 1,
      direction: null,
      format: '',
      indent: 0,
      children: [
        {
          type: 'paragraph',
          version: 1,
          direction: null,
          format: '',
          indent: 0,
          textFormat: 0,
          textStyle: '',
          children: [],
        },
      ],
    },
  };
}
