// What a key does in the grade grid, spreadsheet-like. Pure, so that its rules read in one
// place: column 0 is the student's name (Enter opens the student), columns 1..n are items.

export interface GridPosition {
  row: number;
  col: number;
}

export type GridAction =
  | { kind: 'move'; to: GridPosition }
  | { kind: 'edit'; text: string | null }
  | { kind: 'clear' }
  | { kind: 'open-student' }
  | { kind: 'cancel' }
  /** Not ours: let the browser have it (Tab out of the grid, shortcuts). */
  | { kind: 'none' };

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** The action of a key pressed while a cell is selected (not being edited). */
export function selectedKeyAction(
  input: KeyInput,
  at: GridPosition,
  size: { rows: number; cols: number; page: number },
): GridAction {
  const clamp = (row: number, col: number): GridAction => ({
    kind: 'move',
    to: {
      row: Math.max(0, Math.min(size.rows - 1, row)),
      col: Math.max(0, Math.min(size.cols - 1, col)),
    },
  });
  const command = input.ctrlKey || input.metaKey;
  switch (input.key) {
    case 'ArrowUp':
      return clamp(command ? 0 : at.row - 1, at.col);
    case 'ArrowDown':
      return clamp(command ? size.rows - 1 : at.row + 1, at.col);
    case 'ArrowLeft':
      return clamp(at.row, command ? 0 : at.col - 1);
    case 'ArrowRight':
      return clamp(at.row, command ? size.cols - 1 : at.col + 1);
    case 'Home':
      return command ? clamp(0, 0) : clamp(at.row, 0);
    case 'End':
      return command ? clamp(size.rows - 1, size.cols - 1) : clamp(at.row, size.cols - 1);
    case 'PageDown':
      return clamp(at.row + size.page, at.col);
    case 'PageUp':
      return clamp(at.row - size.page, at.col);
    case 'Tab':
      // Out of the grid at its edges, so the keyboard never gets stuck in it.
      if (input.shiftKey) return at.col === 0 ? { kind: 'none' } : clamp(at.row, at.col - 1);
      return at.col === size.cols - 1 ? { kind: 'none' } : clamp(at.row, at.col + 1);
    case 'Enter':
      if (at.col === 0) return { kind: 'open-student' };
      return clamp(at.row + (input.shiftKey ? -1 : 1), at.col);
    case 'F2':
      return at.col === 0 ? { kind: 'none' } : { kind: 'edit', text: null };
    case 'Delete':
    case 'Backspace':
      return at.col === 0 ? { kind: 'none' } : { kind: 'clear' };
    case 'Escape':
      return { kind: 'cancel' };
    default:
      if (input.key.length === 1 && !command && !input.altKey && at.col > 0)
        return { kind: 'edit', text: input.key };
      return { kind: 'none' };
  }
}

/**
 * Where a key that ends editing goes (the value is saved first), or null when the key stays in
 * the input (left and right move the caret) or 'cancel' for Escape.
 */
export function editingKeyMove(
  input: KeyInput,
  at: GridPosition,
  size: { rows: number; cols: number },
): GridPosition | 'cancel' | null {
  const to = (row: number, col: number) => ({
    row: Math.max(0, Math.min(size.rows - 1, row)),
    col: Math.max(1, Math.min(size.cols - 1, col)),
  });
  switch (input.key) {
    case 'Escape':
      return 'cancel';
    case 'Enter':
      return to(at.row + (input.shiftKey ? -1 : 1), at.col);
    case 'Tab':
      return to(at.row, at.col + (input.shiftKey ? -1 : 1));
    case 'ArrowUp':
      return to(at.row - 1, at.col);
    case 'ArrowDown':
      return to(at.row + 1, at.col);
    default:
      return null;
  }
}
