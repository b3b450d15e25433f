//! [`Kept`]: a table a compile stage keeps from one compile to the next.
//!
//! Frames of one runtime tend to look alike. A stage that hands its tables
//! out for one compile (into the plan, the report or the next stage) and
//! takes them back afterwards spares each steady-state compile the
//! allocation, and the page faults, of tables that reach megabytes.

use std::collections::HashMap;

/// A value that can be emptied while keeping its storage.
pub(crate) trait Empty {
    /// Forgets the contents, keeping the allocation.
    fn empty(&mut self);
}

impl<T> Empty for Vec<T> {
    fn empty(&mut self) {
        self.clear();
    }
}

impl<K, V, S> Empty for HashMap<K, V, S> {
    fn empty(&mut self) {
        self.clear();
    }
}

/// Storage kept between compiles: [`take`](Self::take) hands it out emptied,
/// [`keep`](Self::keep) takes it back.
#[derive(Default)]
pub(crate) struct Kept<T>(T);

impl<T: Empty + Default> Kept<T> {
    /// The kept storage, emptied; an empty default when it was already taken.
    #[inline]
    pub fn take(&mut self) -> T {
        let mut value = std::mem::take(&mut self.0);
        value.empty();
        value
    }

    /// What was kept last, until it is taken.
    #[inline]
    pub fn get(&self) -> &T {
        &self.0
    }

    /// Keeps `value`'s storage for the next [`take`](Self::take).
    #[inline]
    pub fn keep(&mut self, value: T) {
        self.0 = value;
    }
}

#[cfg(test)]
mod tests {
    use super::Kept;

    #[test]
    fn taken_storage_comes_back_empty_with_its_capacity() {
        let mut kept = Kept::<Vec<u32>>::default();
        let mut table = kept.take();
        table.extend(0..1000);
        let capacity = table.capacity();
        kept.keep(table);
        let again = kept.take();
        assert!(again.is_empty());
        assert_eq!(again.capacity(), capacity);
        assert_eq!(kept.take().capacity(), 0, "what is taken is gone until it is kept again");
    }
}
