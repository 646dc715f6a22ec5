//! A sample crate.
use std::collections::{HashMap, HashSet};
use std::fmt;

#[derive(Debug, Clone)]
pub struct Point<T> {
    pub x: T,
    y: T,
}

struct Pair(i32, i32);

enum Shape {
    Circle { r: f64 },
    Square(f64),
    Empty,
}

pub trait Area {
    fn area(&self) -> f64;
    fn name(&self) -> String {
        String::from("shape")
    }
}

impl Area for Shape {
    fn area(&self) -> f64 {
        match self {
            Shape::Circle { r } => 3.14 * r * r,
            Shape::Square(s) => s * s,
            Shape::Empty => 0.0,
        }
    }
}

impl<T: fmt::Display> fmt::Display for Point<T> where T: Clone {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

fn count(words: &[&str]) -> HashMap<String, usize> {
    let mut m: HashMap<String, usize> = HashMap::new();
    for w in words.iter() {
        *m.entry(w.to_string()).or_insert(0) += 1;
    }
    let _s: HashSet<i32> = [1, 2, 3].into_iter().collect();
    if m.is_empty() {
        return m;
    } else if m.len() > 3 {
        println!("many");
    } else {
        let (a, b) = (1, 2);
        let _ = a + b;
    }
    while false {}
    loop {
        break;
    }
    let c = |x: i32, y| -> i32 { x + y };
    let _ = c(1, 2);
    m
}

fn main() {
    let p = Point { x: 1, y: 2 };
    let q = Point { x: 3, ..p.clone() };
    let Pair(a, _) = Pair(1, 2);
    println!("{} {} {}", p, q, a);
    let _ = count(&["a", "b", "a"]);
}
