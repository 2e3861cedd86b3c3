//! Walks over a grammar's expressions, for the two forms pest_meta gives: the expressions
//! as written (`pest_meta::ast::Expr`, which the grammar tools draw and export) and as
//! optimized (`pest_meta::optimizer::OptimizedExpr`, which the compiler compiles). pest_meta
//! nests a sequence `a ~ b ~ c` and a choice `a | b | c` as binary trees; these read them
//! back as the lists the grammar file wrote.
//!
//! ```
//! use pest_meta::ast::Expr;
//! use rfc1738_grammar_compiler::expr::{flatten_choice, flatten_sequence};
//!
//! let rules = pest_meta::parse_and_optimize("r = { \"a\" ~ \"b\" ~ (\"c\" | \"d\" | e) }\ne = { \"e\" }")
//!     .unwrap()
//!     .1;
//! let mut parts = Vec::new();
//! flatten_sequence(&rules[0].expr, &mut parts);
//! assert_eq!(parts.len(), 3);
//! let mut alternatives = Vec::new();
//! flatten_choice(parts[2], &mut alternatives);
//! assert_eq!(alternatives.len(), 3);
//!
//! // The same on the expressions as written.
//! let written = Expr::Seq(Box::new(Expr::Str("a".into())), Box::new(Expr::Str("b".into())));
//! let mut parts = Vec::new();
//! flatten_sequence(&written, &mut parts);
//! assert_eq!(parts, [&Expr::Str("a".into()), &Expr::Str("b".into())]);
//! ```

use pest_meta::ast::Expr;
use pest_meta::optimizer::OptimizedExpr;

/// A grammar expression whose sequences and choices are binary (`Seq(a, b)`,
/// `Choice(a, b)`): pest_meta's `Expr` and `OptimizedExpr`.
pub trait Binary: Sized {
    /// The two halves of a sequence, or `None`.
    fn as_sequence(&self) -> Option<(&Self, &Self)>;
    /// The two alternatives of a choice, or `None`.
    fn as_choice(&self) -> Option<(&Self, &Self)>;
}

impl Binary for Expr {
    fn as_sequence(&self) -> Option<(&Self, &Self)> {
        match self {
            Expr::Seq(first, second) => Some((first, second)),
            _ => None,
        }
    }

    fn as_choice(&self) -> Option<(&Self, &Self)> {
        match self {
            Expr::Choice(first, second) => Some((first, second)),
            _ => None,
        }
    }
}

impl Binary for OptimizedExpr {
    fn as_sequence(&self) -> Option<(&Self, &Self)> {
        match self {
            OptimizedExpr::Seq(first, second) => Some((first, second)),
            _ => None,
        }
    }

    fn as_choice(&self) -> Option<(&Self, &Self)> {
        match self {
            OptimizedExpr::Choice(first, second) => Some((first, second)),
            _ => None,
        }
    }
}

/// The parts of a sequence, in order, pushed onto `into` (an expression that is no
/// sequence: itself).
pub fn flatten_sequence<'e, E: Binary>(expr: &'e E, into: &mut Vec<&'e E>) {
    match expr.as_sequence() {
        Some((first, second)) => {
            flatten_sequence(first, into);
            flatten_sequence(second, into);
        }
        None => into.push(expr),
    }
}

/// The alternatives of an ordered choice, in order, pushed onto `into` (an expression that
/// is no choice: itself).
pub fn flatten_choice<'e, E: Binary>(expr: &'e E, into: &mut Vec<&'e E>) {
    match expr.as_choice() {
        Some((first, second)) => {
            flatten_choice(first, into);
            flatten_choice(second, into);
        }
        None => into.push(expr),
    }
}

/// Calls `visit` on `expr` and on every expression inside it, in the order the grammar
/// file writes them (not inside the rules it names): the one walk of the compiler's
/// tables (the rules a rule refers to, the literals the diagnosis names).
pub fn walk<'e>(expr: &'e OptimizedExpr, visit: &mut impl FnMut(&'e OptimizedExpr)) {
    visit(expr);
    match expr {
        OptimizedExpr::Seq(a, b) | OptimizedExpr::Choice(a, b) => {
            walk(a, visit);
            walk(b, visit);
        }
        OptimizedExpr::Opt(inner)
        | OptimizedExpr::Rep(inner)
        | OptimizedExpr::PosPred(inner)
        | OptimizedExpr::NegPred(inner)
        | OptimizedExpr::Push(inner)
        | OptimizedExpr::RestoreOnErr(inner) => walk(inner, visit),
        _ => {}
    }
}
