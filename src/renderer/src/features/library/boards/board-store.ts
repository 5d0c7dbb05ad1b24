import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/**
 * The current board: the gallery shows only its tasks, and new tasks go on it. null: the whole library.
 * Remembered across restarts (a board deleted meanwhile is dropped when the board list loads).
 */
interface BoardState {
  boardId: string | null;
  setBoard(id: string | null): void;
}

export const useBoardStore = create<BoardState>()(
  persist((set) => ({ boardId: null, setBoard: (boardId) => set({ boardId }) }), {
    name: 'atelier.library.board',
  }),
);

export const currentBoardId = (): string | null => useBoardStore.getState().boardId;
