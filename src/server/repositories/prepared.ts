import type { Db } from '../db/client.js';
import type { PipelinedTransaction } from '../db/pipelined.js';

/**
 * A statement whose text never changes, sent as a named prepared statement: PostgreSQL parses,
 * analyses and plans it once per connection instead of on every call (for the booking path's
 * statements that was 40% of the time PostgreSQL spent on them, measured with
 * pg_stat_statements), and nothing is built in Node per call (Drizzle's SQL builder was a tenth
 * of the app's CPU on that path). For the few statements of the busiest paths; the rest stay
 * Drizzle queries.
 *
 * Written as a template whose holes name the parameters: `${'userId'}` becomes `$1` wherever it
 * appears, and `run` takes the values by name; `${verbatim(text)}` splices fixed text in, and
 * `${part}` a `fragment` (text with holes of its own) shared by several statements. Lists go in as arrays (`${'ids'}::uuid[]`), never
 * spliced into the text, so the text (and the plan) is the same for every call.
 *
 * Each connection keeps the statements it has prepared until it closes: one per Statement, a
 * bounded set. (A connection pooler in transaction mode must support protocol-level prepared
 * statements, as PgBouncer does from 1.21.)
 */
export class Statement<Params extends Record<string, unknown>, Row> {
  readonly text: string;
  private readonly order: (keyof Params)[] = [];

  constructor(
    readonly name: string,
    strings: readonly string[],
    holes: readonly Hole<Params>[],
  ) {
    const write = (parts: readonly string[], fill: readonly Hole<Params>[]): string => {
      let text = parts[0]!;
      fill.forEach((hole, i) => {
        if (typeof hole === 'string') {
          let index = this.order.indexOf(hole);
          if (index < 0) index = this.order.push(hole) - 1;
          text += `$${index + 1}`;
        } else if ('verbatim' in hole) {
          text += hole.verbatim;
        } else {
          text += write(hole.strings, hole.holes);
        }
        text += parts[i + 1]!;
      });
      return text;
    };
    this.text = write(strings, holes);
    const text = this.text;
    const known = texts.get(name);
    if (known !== undefined && known !== text) throw new Error(`two statements are named ${name}`);
    texts.set(name, text);
  }

  /** Runs it on `db` (the pool, or the connection of a transaction); answers its rows. */
  async run(db: Db, params: Params): Promise<Row[]> {
    return runNamed<Row>(db, this.name, this.text, this.order.map((key) => params[key]));
  }

  /** Sends it in a pipelined transaction, without waiting for the statements sent before it. */
  send(tx: PipelinedTransaction, params: Params): Promise<Row[]> {
    return tx.run<Row>(this.text, this.order.map((key) => params[key]), this.name);
  }
}

/**
 * Runs `text` with `$1..$n` `values` as the named prepared statement `name` (one name, one text:
 * for texts written elsewhere, such as pg-boss's, whose name is derived from the text).
 */
export async function runNamed<Row>(db: Db, name: string, text: string, values: unknown[]): Promise<Row[]> {
  const result = (await db._.session.prepareQuery({ sql: text, params: values }, undefined, name, false).execute()) as { rows: Row[] };
  return result.rows;
}

const texts = new Map<string, string>();

type Verbatim = { verbatim: string };
export type Fragment<Params> = { strings: readonly string[]; holes: readonly Hole<Params>[] };
type Hole<Params> = (keyof Params & string) | Verbatim | Fragment<Params>;

/** Part of a statement's text, with its own named holes, for several statements to share. */
export function fragment<Params extends Record<string, unknown>>(strings: TemplateStringsArray, ...holes: Hole<Params>[]): Fragment<Params> {
  return { strings, holes };
}

/** Fixed SQL text for a statement's template (never a value: values are parameters). */
export function verbatim(text: string): Verbatim {
  return { verbatim: text };
}

/** `statement<Params, Row>('name')\`select ... ${'param'} ...\``: see Statement. */
export function statement<Params extends Record<string, unknown>, Row>(name: string) {
  return (strings: TemplateStringsArray, ...holes: Hole<Params>[]) => new Statement<Params, Row>(name, strings, holes);
}
