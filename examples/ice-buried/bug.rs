//! Inventory management utilities.

use std::fmt;

pub fn compute_0(xs: &[i64]) -> i64 {
    let mut acc = 0;
    for (k, x) in xs.iter().enumerate() {
        if k % 2 == 0 {
            acc += x * 3;
        } else {
            acc -= x;
        }
    }
    acc.wrapping_mul(0)
}

#[derive(Debug, Copy, Clone)]
pub enum Enum1 {
    Idle,
    Busy(u32),
    Done { code: i64 },
}

pub fn describe_1(e: Enum1) -> &'static str {
    match e {
        Enum1::Idle => "idle",
        Enum1::Busy(n) if n > 1 => "very busy",
        Enum1::Busy(_) => "busy",
        Enum1::Done { .. } => "done",
    }
}

pub trait Shape2 {
    fn area(&self) -> f64;
    fn scaled(&self, k: f64) -> f64 {
        self.area() * k
    }
}

pub struct Square2(pub f64);

impl Shape2 for Square2 {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

pub const LIMIT_3: usize = 405;
pub static NAMES_3: [&str; 3] = ["a3", "b3", "c3"];

/// A record of kind 4.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct4 {
    pub id: u8,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct4 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 5] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

pub fn compute_5(xs: &[i64]) -> i64 {
    let mut acc = 0;
    for (k, x) in xs.iter().enumerate() {
        if k % 2 == 0 {
            acc += x * 3;
        } else {
            acc -= x;
        }
    }
    acc.wrapping_mul(5)
}

pub struct Counter6 { count: usize }

impl Iterator for Counter6 {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.count < 9 {
            self.count += 1;
            Some(self.count)
        } else {
            None
        }
    }
}

/// A record of kind 7.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct7 {
    pub id: u16,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct7 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 1] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

/// A record of kind 8.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct8 {
    pub id: u8,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct8 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 2] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

pub trait Shape9 {
    fn area(&self) -> f64;
    fn scaled(&self, k: f64) -> f64 {
        self.area() * k
    }
}

pub struct Square9(pub f64);

impl Shape9 for Square9 {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

pub trait Shape10 {
    fn area(&self) -> f64;
    fn scaled(&self, k: f64) -> f64 {
        self.area() * k
    }
}

pub struct Square10(pub f64);

impl Shape10 for Square10 {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

/// A record of kind 11.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct11 {
    pub id: u16,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct11 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 5] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

/// A record of kind 12.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct12 {
    pub id: u64,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct12 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 6] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

/// A record of kind 13.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct13 {
    pub id: u8,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct13 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 7] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

#[derive(Debug, Copy, Clone)]
pub enum Enum14 {
    Idle,
    Busy(u32),
    Done { code: i64 },
}

pub fn describe_14(e: Enum14) -> &'static str {
    match e {
        Enum14::Idle => "idle",
        Enum14::Busy(n) if n > 14 => "very busy",
        Enum14::Busy(_) => "busy",
        Enum14::Done { .. } => "done",
    }
}

pub fn init_later() {
    let [(ref name, count), _rest];
    name = "abc";
    count = 3;
}

pub const LIMIT_15: usize = 4785;
pub static NAMES_15: [&str; 3] = ["a15", "b15", "c15"];

/// A record of kind 16.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct16 {
    pub id: u64,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct16 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 3] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

/// A record of kind 17.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct17 {
    pub id: u16,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct17 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 4] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

/// A record of kind 18.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct18 {
    pub id: u16,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct18 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 5] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

pub fn compute_19(xs: &[i64]) -> i64 {
    let mut acc = 0;
    for (k, x) in xs.iter().enumerate() {
        if k % 6 == 0 {
            acc += x * 3;
        } else {
            acc -= x;
        }
    }
    acc.wrapping_mul(19)
}

pub trait Shape20 {
    fn area(&self) -> f64;
    fn scaled(&self, k: f64) -> f64 {
        self.area() * k
    }
}

pub struct Square20(pub f64);

impl Shape20 for Square20 {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

#[derive(Debug, Copy, Clone)]
pub enum Enum21 {
    Idle,
    Busy(u32),
    Done { code: i64 },
}

pub fn describe_21(e: Enum21) -> &'static str {
    match e {
        Enum21::Idle => "idle",
        Enum21::Busy(n) if n > 21 => "very busy",
        Enum21::Busy(_) => "busy",
        Enum21::Done { .. } => "done",
    }
}

pub struct Counter22 { count: usize }

impl Iterator for Counter22 {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.count < 25 {
            self.count += 1;
            Some(self.count)
        } else {
            None
        }
    }
}

/// A record of kind 23.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct23 {
    pub id: u32,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct23 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 3] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

pub struct Counter24 { count: usize }

impl Iterator for Counter24 {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.count < 27 {
            self.count += 1;
            Some(self.count)
        } else {
            None
        }
    }
}

pub mod util25 {
    use std::collections::HashMap;

    pub fn histogram(words: &[&str]) -> HashMap<String, usize> {
        let mut map = HashMap::new();
        for w in words {
            *map.entry(w.to_string()).or_insert(0) += 1;
        }
        map
    }
}

pub const LIMIT_26: usize = 1490;
pub static NAMES_26: [&str; 3] = ["a26", "b26", "c26"];

/// A record of kind 27.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct27 {
    pub id: u16,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct27 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 7] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

pub fn compute_28(xs: &[i64]) -> i64 {
    let mut acc = 0;
    for (k, x) in xs.iter().enumerate() {
        if k % 5 == 0 {
            acc += x * 3;
        } else {
            acc -= x;
        }
    }
    acc.wrapping_mul(28)
}

/// A record of kind 29.
#[derive(Debug, Clone, PartialEq)]
pub struct Struct29 {
    pub id: u8,
    pub name: String,
    pub weights: Vec<f64>,
}

impl Struct29 {
    pub fn new(id: u8) -> Self {
        Self { id: id.into(), name: format!("item-{}", id), weights: vec![0.5; 2] }
    }

    pub fn total(&self) -> f64 {
        self.weights.iter().sum::<f64>() * 2.0
    }
}

pub struct Counter30 { count: usize }

impl Iterator for Counter30 {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.count < 33 {
            self.count += 1;
            Some(self.count)
        } else {
            None
        }
    }
}

pub struct Report;

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "report")
    }
}
