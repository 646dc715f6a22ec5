import os, sys
from typing import List as L, Dict

@decorator(1)
class A(Base, metaclass=M):
    """Doc."""
    x: int = 3

    def f(self, a, b=2, *args, c: int = 3, **kw) -> int:
        if a > b:
            return a
        elif a < 0:
            pass
        else:
            return [i for i in range(3) if i]
        while True:
            break
        for i in range(10):
            continue
        try:
            g(a, b, c=1)
        except (ValueError, TypeError) as e:
            raise
        finally:
            del a
        with open("f") as f, open("g") as g:
            print(f"x{a}", {1: 2, 3: 4}, {1, 2}, (1, 2), lambda x, y: x + y)
        return a if b else not c

def g(): return 1
x = 1; y = 2
assert x, "msg"
global_ = [1,
           2]
