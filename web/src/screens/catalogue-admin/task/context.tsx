import { createContext, useContext } from 'react';
import type { AddTaskDraft, ArgRef, DevRef, EditTaskDraft } from './draft';

export interface DraftContext<T> {
  draft: T;
  update: (change: Partial<T>) => void;
  /** Forgets the stored draft (after a submit). */
  discard: () => void;
}

export interface AddTaskContextValue extends DraftContext<AddTaskDraft> {
  /** The chosen DOCX template: a File cannot live in sessionStorage, so it stays in memory. */
  template: File | null;
  setTemplate: (file: File | null) => void;
}

export const AddTaskContext = createContext<AddTaskContextValue | null>(null);
export const EditTaskContext = createContext<DraftContext<EditTaskDraft> | null>(null);

/** What the developer picker edits: the add or the edit form's developer. */
export interface DeveloperSlot {
  developer: DevRef | null;
  setDeveloper: (developer: DevRef) => void;
}
export const DeveloperSlotContext = createContext<DeveloperSlot | null>(null);

/** What the argument picker edits: the add or the edit form's arguments, in order. */
export interface ArgsSlot {
  args: ArgRef[];
  setArgs: (args: ArgRef[]) => void;
}
export const ArgsSlotContext = createContext<ArgsSlot | null>(null);

function need<T>(value: T | null, what: string): T {
  if (!value) throw new Error(`${what} used outside its task form layout`);
  return value;
}

export const useAddTask = () => need(useContext(AddTaskContext), 'useAddTask');
export const useEditTask = () => need(useContext(EditTaskContext), 'useEditTask');
export const useDeveloperSlot = () => need(useContext(DeveloperSlotContext), 'useDeveloperSlot');
export const useArgsSlot = () => need(useContext(ArgsSlotContext), 'useArgsSlot');
