/**
 * The one error type the engine throws: a tournament rule the inputs break
 * (a group size below 2, duplicate ranks at an advancing cut, ...). The service
 * turns it into a 422 whose `source.pointer` is `pointer` when present.
 */
export class EngineRuleError extends Error {
  override readonly name = "EngineRuleError";
  /** JSON pointer of the request attribute at fault, e.g. "/data/attributes/group_stage_options/group_size". */
  readonly pointer?: string;

  constructor(message: string, pointer?: string) {
    super(message);
    if (pointer !== undefined) this.pointer = pointer;
  }
}
