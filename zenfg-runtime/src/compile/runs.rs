//! [`Runs`]: the segments of a split plane in one sorted vector.
//!
//! Most planes that split are written in order (slots of a buffer filled one
//! after another) or in place (layers rewritten), and read in order. A
//! vector serves those patterns in constant time: a finger remembers the run
//! the last lookup found, so the next lookup usually costs a comparison or
//! two, and an edit near the end of the vector shifts few runs. An edit that
//! would shift more than [`SHIFT_LIMIT`] runs is refused, and the plane moves
//! to a B-tree, whose edits cost a logarithm wherever they fall.
//!
//! A run is stored as its start and segment; it ends where the next run
//! starts, the last one at the end of the plane.

use std::collections::BTreeMap;

use super::planes::Segment;

/// The most runs an edit may shift before the plane moves to a B-tree.
pub(crate) const SHIFT_LIMIT: usize = 32;

/// The runs of a plane, in order of start; the first starts at 0.
pub(crate) struct Runs {
    runs: Vec<(u64, Segment)>,
    /// The index of the run the last lookup found.
    finger: usize,
}

impl Runs {
    /// One run covering the whole plane.
    pub fn new(segment: Segment) -> Self {
        Self { runs: vec![(0, segment)], finger: 0 }
    }

    /// Where run `index` ends.
    #[inline(always)]
    fn end_of(&self, index: usize, len: u64) -> u64 {
        self.runs.get(index + 1).map_or(len, |&(start, _)| start)
    }

    /// The index of the run containing `point`, which must be below `len`.
    #[inline]
    fn find(&mut self, point: u64, len: u64) -> usize {
        let finger = self.finger;
        if let Some(&(start, _)) = self.runs.get(finger)
            && start <= point
        {
            if point < self.end_of(finger, len) {
                return finger;
            }
            if finger + 1 < self.runs.len() && point < self.end_of(finger + 1, len) {
                self.finger = finger + 1;
                return finger + 1;
            }
        }
        let found = self.runs.partition_point(|&(start, _)| start <= point) - 1;
        self.finger = found;
        found
    }

    /// Whether an edit that changes the number of runs before `index`
    /// shifts few enough of them: those from `index` on move.
    fn cheap_from(&self, index: usize) -> bool {
        self.runs.len() - index <= SHIFT_LIMIT
    }

    /// Splits the runs at `start` and `end` so that `start..end` is made of
    /// whole runs. Returns `false`, changing nothing, when that would shift
    /// too many runs.
    fn split_around(&mut self, len: u64, start: u64, end: u64) -> bool {
        let first = self.find(start, len);
        let last = self.find(end - 1, len);
        let split_start = self.runs[first].0 < start;
        let split_end = end < self.end_of(last, len);
        let moved_from = if split_start { first + 1 } else { last + 1 };
        if (split_start || split_end) && !self.cheap_from(moved_from) {
            return false;
        }
        if split_end {
            self.runs.insert(last + 1, (end, self.runs[last].1));
        }
        if split_start {
            self.runs.insert(first + 1, (start, self.runs[first].1));
            self.finger = first + 1;
        }
        true
    }

    /// Calls `visit(start, end, segment)` for every run piece overlapping
    /// `start..end` (non-empty, within `0..len`), in order; with `exact`,
    /// runs are split at the bounds first. Returns `None`, changing nothing,
    /// when splitting would shift too many runs.
    #[inline]
    pub fn visit<E>(
        &mut self,
        len: u64,
        start: u64,
        end: u64,
        exact: bool,
        mut visit: impl FnMut(u64, u64, &mut Segment) -> Result<(), E>,
    ) -> Option<Result<(), E>> {
        debug_assert!(start < end && end <= len, "{start}..{end} is not a non-empty range of 0..{len}");
        if exact && !self.split_around(len, start, end) {
            return None;
        }
        let mut index = self.find(start, len);
        loop {
            let piece_end = self.end_of(index, len);
            let piece_start = self.runs[index].0.max(start);
            if let Err(error) = visit(piece_start, piece_end.min(end), &mut self.runs[index].1) {
                return Some(Err(error));
            }
            if piece_end >= end {
                self.finger = index;
                return Some(Ok(()));
            }
            index += 1;
        }
    }

    /// Replaces `start..end` (non-empty, within `0..len`) with one run of
    /// `segment`. Returns `false`, changing nothing, when that would shift
    /// too many runs.
    #[inline]
    pub fn assign(&mut self, len: u64, start: u64, end: u64, segment: Segment) -> bool {
        debug_assert!(start < end && end <= len, "{start}..{end} is not a non-empty range of 0..{len}");
        let first = self.find(start, len);
        let last = self.find(end - 1, len);
        // The first run keeps its head before `start`; the last run's tail
        // after `end` becomes a run of its own.
        let removed = if self.runs[first].0 < start { first + 1 } else { first }..last + 1;
        let tail = (end < self.end_of(last, len)).then(|| (end, self.runs[last].1));
        let inserted = 1 + usize::from(tail.is_some());
        if removed.len() != inserted && !self.cheap_from(removed.end) {
            return false;
        }
        let at = removed.start;
        if removed.len() == inserted {
            self.runs[at] = (start, segment);
            if let Some(tail) = tail {
                self.runs[at + 1] = tail;
            }
        } else {
            self.runs.splice(removed, std::iter::once((start, segment)).chain(tail));
        }
        self.finger = at;
        true
    }

    /// The runs in a B-tree keyed by start, holding each run's end; the
    /// vector is left empty.
    pub fn take_tree(&mut self, len: u64) -> BTreeMap<u64, (u64, Segment)> {
        let runs = std::mem::take(&mut self.runs);
        let ends = runs.iter().skip(1).map(|&(start, _)| start).chain([len]);
        runs.iter().zip(ends).map(|(&(start, segment), end)| (start, (end, segment))).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::{PassId, ValueId};

    fn written(value: u32) -> Segment {
        Segment::written(Some(ValueId(value)), PassId(value))
    }

    /// The runs as (start, end, writer) triples.
    fn pieces(runs: &mut Runs, len: u64) -> Vec<(u64, u64, Option<PassId>)> {
        let mut out = Vec::new();
        runs.visit(len, 0, len, false, |start, end, segment| {
            out.push((start, end, segment.writer()));
            Ok::<(), ()>(())
        })
        .expect("a visit without splitting always runs")
        .expect("the visit fails nowhere");
        out
    }

    #[test]
    fn assignments_in_order_make_one_run_each() {
        let mut runs = Runs::new(written(0));
        for slot in 0..4 {
            assert!(runs.assign(40, slot * 10, slot * 10 + 10, written(slot as u32 + 1)));
        }
        let writers: Vec<_> = pieces(&mut runs, 40).into_iter().map(|(s, e, w)| (s, e, w.map(|p| p.0))).collect();
        assert_eq!(writers, vec![(0, 10, Some(1)), (10, 20, Some(2)), (20, 30, Some(3)), (30, 40, Some(4))]);
    }

    #[test]
    fn an_assignment_inside_a_run_keeps_its_head_and_tail() {
        let mut runs = Runs::new(written(1));
        assert!(runs.assign(100, 40, 60, written(2)));
        let writers: Vec<_> = pieces(&mut runs, 100).into_iter().map(|(s, e, w)| (s, e, w.map(|p| p.0))).collect();
        assert_eq!(writers, vec![(0, 40, Some(1)), (40, 60, Some(2)), (60, 100, Some(1))]);
    }

    #[test]
    fn an_exact_visit_splits_at_its_bounds_and_sees_only_its_range() {
        let mut runs = Runs::new(written(1));
        let mut seen = Vec::new();
        runs.visit(100, 25, 75, true, |start, end, _| {
            seen.push((start, end));
            Ok::<(), ()>(())
        })
        .expect("few runs shift")
        .expect("the visit fails nowhere");
        assert_eq!(seen, vec![(25, 75)]);
        assert_eq!(pieces(&mut runs, 100).len(), 3);
    }

    #[test]
    fn a_visit_stops_at_the_first_error() {
        let mut runs = Runs::new(written(1));
        assert!(runs.assign(30, 10, 20, written(2)));
        let mut visited = 0;
        let outcome = runs.visit(30, 0, 30, false, |_, _, _| {
            visited += 1;
            if visited == 2 { Err("stop") } else { Ok(()) }
        });
        assert_eq!(outcome, Some(Err("stop")));
        assert_eq!(visited, 2);
    }

    #[test]
    fn an_edit_that_would_shift_too_many_runs_is_refused_and_changes_nothing() {
        let len = (SHIFT_LIMIT as u64 + 2) * 2;
        let mut runs = Runs::new(written(0));
        for slot in 0..len / 2 {
            assert!(runs.assign(len, slot * 2, slot * 2 + 2, written(slot as u32 + 1)));
        }
        let before = pieces(&mut runs, len);
        // Splitting the first run shifts every later one.
        assert!(!runs.assign(len, 0, 1, written(99)));
        assert!(runs.visit(len, 0, 1, true, |_, _, _| Ok::<(), ()>(())).is_none());
        assert_eq!(pieces(&mut runs, len), before);
        // Rewriting a whole run in place shifts nothing and is allowed.
        assert!(runs.assign(len, 0, 2, written(99)));
    }

    #[test]
    fn the_tree_holds_every_run_with_its_end() {
        let mut runs = Runs::new(written(1));
        assert!(runs.assign(100, 40, 60, written(2)));
        let tree = runs.take_tree(100);
        let ends: Vec<_> = tree.iter().map(|(&start, &(end, segment))| (start, end, segment.writer())).collect();
        assert_eq!(ends, vec![(0, 40, Some(PassId(1))), (40, 60, Some(PassId(2))), (60, 100, Some(PassId(1)))]);
    }
}
