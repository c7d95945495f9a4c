#!/usr/bin/env python3
"""Generates a realistic, compiling Rust file of about N lines with an ICE trigger buried
in the middle. Usage: gen_buried.py ICE_FILE OUT [lines]"""
import random, sys

ice_path, out_path = sys.argv[1], sys.argv[2]
target = int(sys.argv[3]) if len(sys.argv) > 3 else 450
ice = open(ice_path).read().splitlines()
header = [l for l in ice if l.startswith('#![')]
body = [l for l in ice[2:] if not l.startswith('#![')]
rnd = random.Random(7)

def item(i):
    kind = rnd.choice(["struct", "enum", "fn", "trait", "impl", "const", "mod"])
    n = f"{kind.capitalize()}{i}"
    if kind == "struct":
        return [f"/// A record of kind {i}.", "#[derive(Debug, Clone, PartialEq)]", f"pub struct {n} {{",
                f"    pub id: u{rnd.choice([8,16,32,64])},", "    pub name: String,", f"    pub weights: Vec<f64>,", "}", "",
                f"impl {n} {{", f"    pub fn new(id: u8) -> Self {{", f"        Self {{ id: id.into(), name: format!(\"item-{{}}\", id), weights: vec![0.5; {i % 7 + 1}] }}", "    }", "",
                "    pub fn total(&self) -> f64 {", "        self.weights.iter().sum::<f64>() * 2.0", "    }", "}", ""]
    if kind == "enum":
        return [f"#[derive(Debug, Copy, Clone)]", f"pub enum {n} {{", "    Idle,", f"    Busy(u32),", "    Done { code: i64 },", "}", "",
                f"pub fn describe_{i}(e: {n}) -> &'static str {{", "    match e {", f"        {n}::Idle => \"idle\",",
                f"        {n}::Busy(n) if n > {i} => \"very busy\",", f"        {n}::Busy(_) => \"busy\",", f"        {n}::Done {{ .. }} => \"done\",", "    }", "}", ""]
    if kind == "fn":
        return [f"pub fn compute_{i}(xs: &[i64]) -> i64 {{", "    let mut acc = 0;", "    for (k, x) in xs.iter().enumerate() {",
                f"        if k % {i % 5 + 2} == 0 {{", "            acc += x * 3;", "        } else {", "            acc -= x;", "        }", "    }",
                f"    acc.wrapping_mul({i})", "}", ""]
    if kind == "trait":
        return [f"pub trait Shape{i} {{", "    fn area(&self) -> f64;", "    fn scaled(&self, k: f64) -> f64 {", "        self.area() * k", "    }", "}", "",
                f"pub struct Square{i}(pub f64);", "", f"impl Shape{i} for Square{i} {{", "    fn area(&self) -> f64 {", "        self.0 * self.0", "    }", "}", ""]
    if kind == "impl":
        return [f"pub struct Counter{i} {{ count: usize }}", "", f"impl Iterator for Counter{i} {{", "    type Item = usize;",
                "    fn next(&mut self) -> Option<usize> {", f"        if self.count < {i + 3} {{", "            self.count += 1;", "            Some(self.count)",
                "        } else {", "            None", "        }", "    }", "}", ""]
    if kind == "const":
        return [f"pub const LIMIT_{i}: usize = {rnd.randint(10, 5000)};", f"pub static NAMES_{i}: [&str; 3] = [\"a{i}\", \"b{i}\", \"c{i}\"];", ""]
    return [f"pub mod util{i} {{", "    use std::collections::HashMap;", "", "    pub fn histogram(words: &[&str]) -> HashMap<String, usize> {",
            "        let mut map = HashMap::new();", "        for w in words {", "            *map.entry(w.to_string()).or_insert(0) += 1;", "        }", "        map", "    }", "}", ""]

lines = list(header) + ["//! Inventory management utilities.", "", "use std::fmt;", ""]
i = 0
while len(lines) < target // 2:
    lines += item(i); i += 1
lines += body + [""]
while len(lines) < target:
    lines += item(i); i += 1
lines += ["pub struct Report;", "", "impl fmt::Display for Report {", "    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {", "        write!(f, \"report\")", "    }", "}"]
open(out_path, "w").write("\n".join(lines) + "\n")
