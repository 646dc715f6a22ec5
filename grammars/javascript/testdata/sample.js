import x, { a as b, c } from "mod";
export const k = 1;
// comment
class A extends B {
  #p = 1;
  static s = 2;
  constructor(a, b = 2, ...rest) { super(a); this.a = a; }
  get g() { return this.a; }
  m({x, y}, [z]) {
    if (x) { return y; } else if (z) y++; else { z--; }
    for (let i = 0; i < 3; i++) {}
    for (const k of [1, 2, 3]) continue;
    while (false) break;
    switch (x) { case 1: f(); break; default: g(); }
    try { h(); } catch (e) { throw e; } finally { }
    const o = { a: 1, b, [c]: 2, ...d, m() {} };
    return async (q) => await q, `t${x}`, /re/g;
  }
}
function f(a, b) { return a ? b : null; }
let v = new A(1, 2), w;
