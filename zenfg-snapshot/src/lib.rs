//! FrameGraph Snapshot 1.2: the portable JSON description of one compiled frame.
