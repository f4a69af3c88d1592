//! A knob file's YAML document as a tree of knobs: its leaves (every scalar, by its concrete
//! [`KnobPath`]), the leaves a path reaches, and the document with some leaves set.

use serde_yaml::Value;

use crate::model::KnobPath;
use crate::model::knob_path::Step;

/// The top-level keys of a knob file that declare things about the knobs and are no knob.
pub(crate) const DECLARATION_KEYS: [&str; 2] = ["builds_in", "plausible"];

/// Every scalar of `document` (numbers, strings, booleans, nulls) by its concrete path, in document
/// order, leaving out the declaration keys ([`DECLARATION_KEYS`]). An empty list or mapping is a
/// leaf too: it is a knob whose value is "none".
pub(crate) fn leaves(document: &Value) -> Vec<(KnobPath, &Value)> {
    let mut out = Vec::new();
    if let Value::Mapping(top) = document {
        for (key, value) in top {
            let Some(key) = key.as_str() else { continue };
            if DECLARATION_KEYS.contains(&key) {
                continue;
            }
            walk(value, &mut vec![Step::Key(key.to_string())], &mut out);
        }
    }
    out
}

fn walk<'v>(value: &'v Value, at: &mut Vec<Step>, out: &mut Vec<(KnobPath, &'v Value)>) {
    match value {
        Value::Mapping(map) if !map.is_empty() => {
            for (key, child) in map {
                let key = key.as_str().map_or_else(
                    || serde_yaml::to_string(key).unwrap_or_default(),
                    ToString::to_string,
                );
                at.push(Step::Key(key.trim().to_string()));
                walk(child, at, out);
                at.pop();
            }
        }
        Value::Sequence(items) if !items.is_empty() => {
            for (i, child) in items.iter().enumerate() {
                at.push(Step::Index(i));
                walk(child, at, out);
                at.pop();
            }
        }
        Value::Tagged(tagged) => walk(&tagged.value, at, out),
        _ => out.push((KnobPath::from_steps(at.clone()), value)),
    }
}

/// The leaves of `document` that `path` reaches exactly (a `[*]` step reaching every item), in
/// document order; nodes that are not scalars are not leaves and make the list empty.
pub(crate) fn reached<'v>(document: &'v Value, path: &KnobPath) -> Vec<&'v Value> {
    let mut nodes = vec![document];
    for step in path.steps() {
        nodes = nodes
            .into_iter()
            .flat_map(|node| children(node, step))
            .collect();
    }
    if nodes
        .iter()
        .any(|n| matches!(n, Value::Mapping(_) | Value::Sequence(_)))
    {
        return Vec::new();
    }
    nodes
}

fn children<'v>(node: &'v Value, step: &Step) -> Vec<&'v Value> {
    match (node, step) {
        (Value::Mapping(map), Step::Key(key)) => map.get(key.as_str()).into_iter().collect(),
        (Value::Sequence(items), Step::Index(i)) => items.get(*i).into_iter().collect(),
        (Value::Sequence(items), Step::Each) => items.iter().collect(),
        _ => Vec::new(),
    }
}

/// Applies `change` to every leaf `path` reaches in `document` (as [`reached`] finds them).
pub(crate) fn update(document: &mut Value, path: &KnobPath, change: &dyn Fn(&Value) -> Value) {
    update_at(document, path.steps(), change);
}

fn update_at(node: &mut Value, steps: &[Step], change: &dyn Fn(&Value) -> Value) {
    let Some((step, rest)) = steps.split_first() else {
        *node = change(node);
        return;
    };
    match (node, step) {
        (Value::Mapping(map), Step::Key(key)) => {
            if let Some(child) = map.get_mut(key.as_str()) {
                update_at(child, rest, change);
            }
        }
        (Value::Sequence(items), Step::Index(i)) => {
            if let Some(child) = items.get_mut(*i) {
                update_at(child, rest, change);
            }
        }
        (Value::Sequence(items), Step::Each) => {
            for child in items {
                update_at(child, rest, change);
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "a: 1\nb: {c: 2.5, d: [1, 2]}\nteams:\n  - {name: X, q: 1.0}\n  - {name: Y, q: 2.0}\nbuilds_in: [x]\nplausible: {ranged: []}\n";

    fn path(text: &str) -> KnobPath {
        KnobPath::parse(text).unwrap()
    }

    #[test]
    fn leaves_are_every_scalar_but_the_declarations() {
        let doc: Value = serde_yaml::from_str(FILE).unwrap();
        let names: Vec<String> = leaves(&doc).iter().map(|(p, _)| p.to_string()).collect();
        assert_eq!(
            names,
            [
                "a",
                "b.c",
                "b.d[0]",
                "b.d[1]",
                "teams[0].name",
                "teams[0].q",
                "teams[1].name",
                "teams[1].q"
            ]
        );
    }

    #[test]
    fn paths_reach_and_set_their_leaves() {
        let mut doc: Value = serde_yaml::from_str(FILE).unwrap();
        assert_eq!(reached(&doc, &path("teams[*].q")).len(), 2);
        assert_eq!(reached(&doc, &path("b.d[1]")), [&Value::from(2)]);
        assert!(reached(&doc, &path("b")).is_empty());
        assert!(reached(&doc, &path("b.e")).is_empty());
        update(&mut doc, &path("teams[*].q"), &|v| {
            Value::from(v.as_f64().unwrap() * 2.0)
        });
        update(&mut doc, &path("b.c"), &|_| Value::from(7.0));
        assert_eq!(reached(&doc, &path("teams[1].q")), [&Value::from(4.0)]);
        assert_eq!(reached(&doc, &path("b.c")), [&Value::from(7.0)]);
    }
}
