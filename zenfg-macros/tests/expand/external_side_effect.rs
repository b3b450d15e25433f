#[derive(Pass)]
#[pass(external)]
struct Upload<'frame> {
    #[storage_write(preserve)]
    #[root(persistent_state)]
    state: Option<BufferSlice<'frame>>,
}
