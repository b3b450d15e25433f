//! [`StoredCallback`]: a node's callback kept in the callback table itself,
//! without a heap allocation, when what it captures fits in a few words.
//!
//! A callback table holds callbacks of many closure types, so each one is
//! kept type-erased: its bytes, a function that calls it and a function that
//! drops it, both instantiated for its type when it is stored. A box would
//! do the same with one allocation per pass per frame; storing the closure
//! in place lets a warm recording allocate nothing. Closures larger than the
//! inline storage, or more aligned, are boxed into it instead.
//!
//! This is the crate's only unsafe code; its tests also run under Miri:
//! `cargo +nightly miri test -p zenfg-runtime --lib record::stored`.

#![allow(unsafe_code)]

use std::marker::PhantomData;
use std::mem::MaybeUninit;

use crate::error::{FrameGraphError, Result};

/// The inline storage: room for a derived pass's job (the access tokens of
/// three bound fields, 32 bytes each, and a few captured references).
type Storage = MaybeUninit<[usize; 16]>;

/// What the callbacks of a node kind are called with.
pub(crate) trait CallbackKind {
    /// The context of one call.
    type Context<'e>;
}

/// Calls the closure in a storage with the context of kind `K`.
type Call<K> = for<'e> unsafe fn(*mut u8, <K as CallbackKind>::Context<'e>) -> Result<()>;

/// Whether a closure of type `F` can live in the inline storage.
const fn fits<F>() -> bool {
    size_of::<F>() <= size_of::<Storage>() && align_of::<F>() <= align_of::<Storage>()
}

/// A callback for nodes of kind `K` that borrows for `'frame`: one-shot
/// (`FnOnce`, which runs at most once) or repeatable (`FnMut`).
pub(crate) struct StoredCallback<'frame, K: CallbackKind> {
    storage: Storage,
    /// Calls the closure; `None` once a one-shot closure has run, when the
    /// storage holds nothing live any more.
    call: Option<Call<K>>,
    drop: unsafe fn(*mut u8),
    repeats: bool,
    /// Borrows for `'frame` like the closure, and is neither `Send` nor
    /// `Sync`, since the closure need not be.
    _captures: PhantomData<(&'frame (), *const ())>,
}

impl<'frame, K: CallbackKind> StoredCallback<'frame, K> {
    /// Stores a callback that runs at most once.
    pub fn once<F>(callback: F) -> Self
    where
        F: for<'e> FnOnce(K::Context<'e>) -> Result<()> + 'frame,
    {
        if fits::<F>() {
            Self::inline(callback, call_once::<K, F>, false)
        } else {
            Self::inline(Box::new(callback), call_once::<K, Box<F>>, false)
        }
    }

    /// Stores a callback that can run any number of times.
    pub fn repeatedly<F>(callback: F) -> Self
    where
        F: for<'e> FnMut(K::Context<'e>) -> Result<()> + 'frame,
    {
        if fits::<F>() {
            Self::inline(callback, call_mut::<K, F>, true)
        } else {
            Self::inline(Box::new(callback), call_mut::<K, Box<F>>, true)
        }
    }

    /// Moves `closure` into the storage, with `call`, which must call a
    /// closure of type `F` (moving it out of the storage unless `repeats`).
    fn inline<F: 'frame>(closure: F, call: Call<K>, repeats: bool) -> Self {
        assert!(fits::<F>(), "only closures that fit are stored inline");
        let mut storage = Storage::uninit();
        // SAFETY: the storage is large and aligned enough for an `F` (checked
        // above), and is uninitialized, so nothing is overwritten.
        unsafe { storage.as_mut_ptr().cast::<F>().write(closure) };
        Self { storage, call: Some(call), drop: drop_stored::<F>, repeats, _captures: PhantomData }
    }

    /// Whether the callback can run more than once.
    #[inline]
    pub fn repeats(&self) -> bool {
        self.repeats
    }

    /// Runs the callback with `context`. A one-shot callback is used up, and
    /// running it again fails with an internal error instead of running.
    #[inline]
    pub fn run(&mut self, context: K::Context<'_>) -> Result<()> {
        let call = if self.repeats { self.call } else { self.call.take() };
        let Some(call) = call else {
            return Err(FrameGraphError::internal("a one-shot callback was run twice"));
        };
        // SAFETY: `call` was instantiated for the closure type in the storage,
        // which is live while `call` is kept. A one-shot call moves the
        // closure out, and its `call` is gone, so nothing runs or drops it
        // again, even if it panics.
        unsafe { call(self.storage.as_mut_ptr().cast(), context) }
    }
}

impl<K: CallbackKind> Drop for StoredCallback<'_, K> {
    fn drop(&mut self) {
        if self.call.is_some() {
            // SAFETY: the storage holds the live closure `drop` was
            // instantiated for (a one-shot one that ran no longer has `call`).
            unsafe { (self.drop)(self.storage.as_mut_ptr().cast()) }
        }
    }
}

/// Moves the `F` out of `storage` and calls it.
///
/// # Safety
///
/// `storage` holds a live `F`, which the caller no longer uses.
unsafe fn call_once<K: CallbackKind, F>(storage: *mut u8, context: K::Context<'_>) -> Result<()>
where
    F: for<'e> FnOnce(K::Context<'e>) -> Result<()>,
{
    // SAFETY: the caller's contract; reading moves the closure out.
    let closure = unsafe { storage.cast::<F>().read() };
    closure(context)
}

/// Calls the `F` in `storage` in place.
///
/// # Safety
///
/// `storage` holds a live `F`, not borrowed elsewhere.
unsafe fn call_mut<K: CallbackKind, F>(storage: *mut u8, context: K::Context<'_>) -> Result<()>
where
    F: for<'e> FnMut(K::Context<'e>) -> Result<()>,
{
    // SAFETY: the caller's contract.
    let closure = unsafe { &mut *storage.cast::<F>() };
    closure(context)
}

/// Drops the `F` in `storage`.
///
/// # Safety
///
/// `storage` holds a live `F`, which is not used again.
unsafe fn drop_stored<F>(storage: *mut u8) {
    // SAFETY: the caller's contract.
    unsafe { storage.cast::<F>().drop_in_place() }
}

#[cfg(test)]
mod tests {
    use std::cell::Cell;
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::rc::Rc;

    use super::{CallbackKind, StoredCallback, fits};
    use crate::error::Result;

    /// A node kind whose callbacks add to a counter.
    struct Counting;

    impl CallbackKind for Counting {
        type Context<'e> = &'e mut u32;
    }

    /// Counts its drops.
    struct Tracked(Rc<Cell<u32>>);

    impl Drop for Tracked {
        fn drop(&mut self) {
            self.0.set(self.0.get() + 1);
        }
    }

    fn tracked() -> (Tracked, Rc<Cell<u32>>) {
        let drops = Rc::new(Cell::new(0));
        (Tracked(Rc::clone(&drops)), drops)
    }

    /// Storage sizes on each side of what is kept in place.
    type Small = [u64; 8];
    type Large = [u64; 32];

    #[test]
    fn small_closures_are_kept_in_place_and_large_or_overaligned_ones_are_boxed() {
        assert!(fits::<(Tracked, Small)>());
        assert!(!fits::<(Tracked, Large)>());
        #[repr(align(64))]
        struct Aligned;
        assert!(!fits::<Aligned>());
        assert!(fits::<Box<(Tracked, Large)>>());
    }

    fn one_shot_runs_once_and_drops_its_captures_once<Captured: Default + 'static>() {
        let (token, drops) = tracked();
        let payload = Captured::default();
        let mut stored = StoredCallback::<Counting>::once(move |count: &mut u32| -> Result<()> {
            let _kept = (&token, &payload);
            *count += 1;
            Ok(())
        });
        assert!(!stored.repeats());
        let mut count = 0;
        stored.run(&mut count).unwrap();
        assert_eq!((count, drops.get()), (1, 1), "the call consumed the closure");
        let again = stored.run(&mut count).unwrap_err();
        assert!(again.to_string().contains("run twice"), "{again}");
        drop(stored);
        assert_eq!((count, drops.get()), (1, 1), "a spent callback drops nothing");
    }

    #[test]
    fn a_one_shot_callback_runs_once_and_drops_its_captures_once() {
        one_shot_runs_once_and_drops_its_captures_once::<Small>();
        one_shot_runs_once_and_drops_its_captures_once::<Large>();
    }

    fn repeatable_runs_in_place<Captured: Default + 'static>() {
        let (token, drops) = tracked();
        let payload = Captured::default();
        let mut calls = 0;
        let mut stored = StoredCallback::<Counting>::repeatedly(move |count: &mut u32| -> Result<()> {
            let _kept = (&token, &payload);
            calls += 1;
            *count = calls;
            Ok(())
        });
        assert!(stored.repeats());
        let mut count = 0;
        for expected in 1..=3 {
            stored.run(&mut count).unwrap();
            assert_eq!(count, expected, "the closure keeps its state between calls");
        }
        assert_eq!(drops.get(), 0);
        drop(stored);
        assert_eq!(drops.get(), 1);
    }

    #[test]
    fn a_repeatable_callback_keeps_its_state_and_is_dropped_with_its_slot() {
        repeatable_runs_in_place::<Small>();
        repeatable_runs_in_place::<Large>();
    }

    #[test]
    fn a_callback_that_never_runs_drops_its_captures_once() {
        let (small, small_drops) = tracked();
        let (large, large_drops) = tracked();
        let payload = Large::default();
        let once = StoredCallback::<Counting>::once(move |_: &mut u32| -> Result<()> {
            let _kept = &small;
            Ok(())
        });
        let repeatable = StoredCallback::<Counting>::repeatedly(move |_: &mut u32| -> Result<()> {
            let _kept = (&large, &payload);
            Ok(())
        });
        drop((once, repeatable));
        assert_eq!((small_drops.get(), large_drops.get()), (1, 1));
    }

    #[test]
    fn a_one_shot_callback_that_panics_drops_its_captures_once() {
        let (token, drops) = tracked();
        let mut stored = StoredCallback::<Counting>::once(move |_: &mut u32| -> Result<()> {
            let _kept = &token;
            panic!("the callback fails");
        });
        let mut count = 0;
        assert!(catch_unwind(AssertUnwindSafe(|| stored.run(&mut count))).is_err());
        assert_eq!(drops.get(), 1, "unwinding dropped the moved-out closure");
        drop(stored);
        assert_eq!(drops.get(), 1);
    }

    #[test]
    fn a_repeatable_callback_that_panics_stays_whole_until_dropped() {
        let (token, drops) = tracked();
        let mut stored = StoredCallback::<Counting>::repeatedly(move |count: &mut u32| -> Result<()> {
            let _kept = &token;
            *count += 1;
            assert!(*count < 2, "the second call fails");
            Ok(())
        });
        let mut count = 0;
        stored.run(&mut count).unwrap();
        assert!(catch_unwind(AssertUnwindSafe(|| stored.run(&mut count))).is_err());
        assert_eq!(drops.get(), 0);
        drop(stored);
        assert_eq!(drops.get(), 1);
    }
}
