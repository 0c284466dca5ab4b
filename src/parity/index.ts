/**
 * Binding parity: one call over the bindings, one verdict, the same in the console's parity panel
 * and in `inode-console parity`.
 * - compareBindingResults: the verdict, field by field, DataStubs by meaning (src/xml/compare/)
 * - bindingResultOf: one binding's answer (a result or what it threw) as compared, key redacted
 * - callBindings: the call on each binding in turn, through the clients given, and its verdict
 * - runParity: the console's run (callBindings through the page's connection, one History entry)
 * binding-result.ts and compare-binding-results.ts import neither React nor the page: the
 * command line imports them directly, not through this index (which brings in runParity).
 */
export {
  answerOn,
  bindingResultOf,
  callBindings,
  errorBindingResult,
  GET_SKIPPED_NOTE,
  registrationBindingResult,
  skippedBindingResult,
  stubsBindingResult,
  type BindingAnswer,
  type ParityCall,
  type ParityParams,
} from './binding-result.ts';
export {
  compareBindingResults,
  type BindingResult,
  type BindingState,
  type CompareOptions,
  type FieldDifference,
  type ParityVerdict,
  type ValueGroup,
} from './compare-binding-results.ts';
export { runParity, type ParityRun } from './run-parity.ts';
