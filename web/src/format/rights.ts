// Rights on an entity (spec 000 §6) come from its rights object or from its
// list of possible (or available) actions, whose legacy names map to short
// ones. An entity that tells neither is not restricted here: the server
// still decides, and says so when it refuses.

export type Right = 'read' | 'edit' | 'remove';

// Legacy action names per short right (task and comment actions differ).
const ACTIONS: Record<Right, string[]> = {
  read: ['act_read', 'read'],
  edit: ['act_edit', 'act_edit_comment', 'edit'],
  remove: ['act_delete', 'act_delete_comment', 'act_remove', 'remove'],
};

/** can tells whether the entity allows an action, as far as it says. */
export function can(entity: Record<string, unknown>, right: Right): boolean {
  const rights = entity.rights;
  if (rights && typeof rights === 'object' && right in rights) return (rights as Record<string, unknown>)[right] !== false;
  const actions = entity.possibleActions ?? entity.availableActions;
  if (Array.isArray(actions)) return ACTIONS[right].some((a) => actions.includes(a));
  return true;
}
