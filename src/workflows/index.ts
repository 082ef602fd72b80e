// Public door of src/workflows: slot-filling workflows any bot can declare (ask only for what is missing,
// accept several slots in one message, run the steps that follow), the router that switches or leaves
// workflows on a change of subject, and message tagging by workflow.
export {
  advanceWorkflow,
  defineWorkflow,
  hasValue,
  initialState,
  isSlotStep,
  missingSlots,
  type ActionResult,
  type ActionStep,
  type SlotStep,
  type SlotValues,
  type WorkflowAdvance,
  type WorkflowDefinition,
  type WorkflowState,
  type WorkflowStep,
} from './workflow.ts';
export { routeWorkflow, type RouterDecision, type RouterInput, type WorkflowRouting } from './router.ts';
export { tagUserMessage, type TaggingContext } from './tagging.ts';
