/**
 * Builds a parameterised WHERE clause: `?` in each added condition becomes the next `$n`.
 * A condition may use `?` several times for the same value.
 */
export class Where {
  readonly params: unknown[];
  private readonly parts: string[] = [];

  constructor(params: unknown[] = []) {
    this.params = params;
  }

  add(condition: string, ...values: unknown[]): this {
    let i = 0;
    const text = condition.replace(/\?/g, () => {
      const value = values[Math.min(i++, values.length - 1)];
      this.params.push(value);
      return `$${this.params.length}`;
    });
    this.parts.push(`(${text})`);
    return this;
  }

  /** Adds the condition only when the value is present. */
  addIf(value: unknown, condition: string): this {
    if (value === undefined || value === null || value === '') return this;
    return this.add(condition, value);
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' and ') : 'true';
  }
}

/** `limit/offset` of a page (numbers are validated integers, safe to inline). */
export function pageClause(p: { pageNum: number; pageSize: number }): string {
  return `limit ${Math.trunc(p.pageSize)} offset ${Math.trunc((p.pageNum - 1) * p.pageSize)}`;
}
