import { a, b as c } from "./mod";

export interface Shape {
  readonly kind: string;
  area(): number;
  scale?(k: number): Shape;
}

type Pair<T> = [T, T];
enum Color { Red, Green = 2, Blue }

abstract class Base<T extends object = {}> implements Shape {
  readonly kind = "base";
  private static count: number = 0;
  constructor(protected name: string, public size?: number) {
    super();
  }
  abstract area(): number;
  describe<U>(this: Base<T>, extra: U, ...rest: string[]): string {
    const parts: string[] = [this.name, String(extra)];
    for (const r of rest) {
      parts.push(r as string);
    }
    return parts.join(", ");
  }
}

export function sum(xs: number[], init = 0): number {
  let total: number = init;
  if (xs.length === 0) {
    return total;
  } else {
    xs.forEach((x: number): void => { total += x!; });
  }
  return total satisfies number;
}

const p: Pair<number> = [1, 2];
let u: string | undefined = undefined;
declare module "m" {
  export const v: number;
}
