//! Structural validation: the JSON shape of the schema, field by field.
//!
//! Mirrors `schema/frame-graph-snapshot-v1.schema.json`: types, required and unexpected
//! properties, literals, enums, safe integers, ids, unique string arrays, extension names
//! and depth, plus the per-record rules that need no other record (access mode and range
//! shape, texture intervals, root shape, transient initial contents, lifetime order).

use serde_json::{Map, Value};

use super::extensions::{DEPTH_EXCEEDED_MESSAGE, exceeds_depth, is_valid_name};
use super::fields::Fields;
use super::{Profile, UnavailableFacts};
use crate::FRAME_GRAPH_SNAPSHOT_FORMAT;
use crate::issue::Issues;
use crate::pointer::{field, index};
use crate::wire::{
    SnapshotAccessKind, SnapshotAccessMode, SnapshotDependencyKind, SnapshotDiagnosticSeverity,
    SnapshotInitialContents, SnapshotMigrationSourceFormat, SnapshotNodeKind, SnapshotResourceKind,
    SnapshotResourceOrigin, SnapshotRootReason, SnapshotSegmentKind, SnapshotUnavailableFact, SnapshotUsageFlag,
    SnapshotWriteContents,
};

const STATUS: &[&str] = &["available", "unavailable"];

/// Checks one array item at a path.
type Check<'i> = fn(&mut Structure<'i>, &Value, &str);

/// Reports every structural issue of `value` read as a document of `profile`.
pub(crate) fn validate(value: &Value, profile: Profile, issues: &mut Issues) {
    let facts = UnavailableFacts::declared_in(value);
    let mut structure = Structure { fields: Fields::new(profile.format_name(), issues), profile, facts };
    structure.document(value);
}

struct Structure<'i> {
    fields: Fields<'i>,
    profile: Profile,
    facts: UnavailableFacts,
}

impl<'i> Structure<'i> {
    fn document(&mut self, value: &Value) {
        let Some(doc) = self.fields.object(Some(value), "") else {
            return;
        };
        self.fields.properties(
            doc,
            "",
            &["format", "version", "producer", "capture", "graph", "memory", "timings", "diagnostics", "extensions"],
        );
        let format = self.fields.required(doc, "", "format");
        self.fields.literal_string(format, "/format", FRAME_GRAPH_SNAPSHOT_FORMAT);
        let version = self.fields.required(doc, "", "version");
        self.version(version);
        let producer = self.fields.required(doc, "", "producer");
        self.producer(producer);
        let capture = self.fields.required(doc, "", "capture");
        self.capture(capture);
        let graph = self.fields.required(doc, "", "graph");
        self.graph(graph);
        let memory = self.fields.required(doc, "", "memory");
        self.memory(memory);
        let timings = self.fields.required(doc, "", "timings");
        self.timings(timings);
        let diagnostics = self.fields.required(doc, "", "diagnostics");
        self.table(diagnostics, "/diagnostics", Self::diagnostic);
        let extensions = self.fields.required(doc, "", "extensions");
        self.extensions(extensions);
    }

    /// Checks each item of an array-valued table with `check`.
    fn table(&mut self, value: Option<&Value>, path: &str, check: Check<'i>) {
        if let Some(items) = self.fields.array(value, path) {
            for (position, item) in items.iter().enumerate() {
                check(self, item, &index(path, position));
            }
        }
    }

    /// Runs `check` on the property `key` when it is present.
    fn optional<'v, T>(
        &mut self,
        map: &'v Map<String, Value>,
        path: &str,
        key: &str,
        check: impl FnOnce(&mut Fields<'i>, Option<&'v Value>, &str) -> T,
    ) -> Option<T> {
        let value = map.get(key)?;
        Some(check(&mut self.fields, Some(value), &field(path, key)))
    }

    /// Runs `check` on the required property `key`.
    fn require<'v, T>(
        &mut self,
        map: &'v Map<String, Value>,
        path: &str,
        key: &str,
        check: impl FnOnce(&mut Fields<'i>, Option<&'v Value>, &str) -> T,
    ) -> T {
        let value = self.fields.required(map, path, key);
        check(&mut self.fields, value, &field(path, key))
    }

    fn version(&mut self, value: Option<&Value>) {
        let path = "/version";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        self.fields.properties(map, path, &["major", "minor"]);
        self.require(map, path, "major", |f, v, p| f.literal_integer(v, p, 1));
        let minor = self.profile.minor();
        self.require(map, path, "minor", |f, v, p| f.literal_integer(v, p, minor));
    }

    fn producer(&mut self, value: Option<&Value>) {
        let path = "/producer";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        self.fields.properties(map, path, &["name", "version", "language", "runtime"]);
        self.require(map, path, "name", Fields::non_empty);
        self.optional(map, path, "version", Fields::non_empty);
        self.optional(map, path, "language", Fields::non_empty);
        if let Some(runtime) = map.get("runtime") {
            let path = "/producer/runtime";
            if let Some(runtime) = self.fields.object(Some(runtime), path) {
                let keys = ["implementation", "graphicsApi", "backend"];
                self.fields.properties(runtime, path, &keys);
                for key in keys {
                    self.optional(runtime, path, key, Fields::non_empty);
                }
            }
        }
    }

    fn capture(&mut self, value: Option<&Value>) {
        let path = "/capture";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        self.fields.properties(map, path, &["frameIndex", "capturedAt", "migration"]);
        self.require(map, path, "frameIndex", |f, v, p| f.integer(v, p, false));
        self.optional(map, path, "capturedAt", Fields::string);
        let Some(migration) = map.get("migration") else {
            return;
        };
        let path = "/capture/migration";
        let Some(migration) = self.fields.object(Some(migration), path) else {
            return;
        };
        self.fields.properties(migration, path, &["sourceFormat", "unavailableFacts"]);
        self.require(migration, path, "sourceFormat", |f, v, p| f.wire::<SnapshotMigrationSourceFormat>(v, p));
        let facts_path = field(path, "unavailableFacts");
        let facts = self.fields.required(migration, path, "unavailableFacts");
        if let Some(items) = self.fields.array(facts, &facts_path) {
            for (position, item) in items.iter().enumerate() {
                self.fields.wire::<SnapshotUnavailableFact>(Some(item), &index(&facts_path, position));
            }
            self.fields.unique_strings(items, &facts_path);
        }
    }

    fn graph(&mut self, value: Option<&Value>) {
        let path = "/graph";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        let tables: [(&str, Check<'i>); 8] = [
            ("groups", Self::group),
            ("nodes", Self::node),
            ("resources", Self::resource),
            ("textureViews", Self::texture_view),
            ("accesses", Self::access),
            ("dependencies", Self::dependency),
            ("roots", Self::root),
            ("segments", Self::segment),
        ];
        self.fields.properties(map, path, &tables.map(|(key, _)| key));
        for (key, check) in tables {
            let table = self.fields.required(map, path, key);
            self.table(table, &field(path, key), check);
        }
    }

    fn group(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["id", "parentId", "label", "stableKey"]);
        self.require(map, path, "id", |f, v, p| f.id(v, p, "group:"));
        self.optional(map, path, "parentId", |f, v, p| f.id(v, p, "group:"));
        self.require(map, path, "label", Fields::non_empty);
        self.optional(map, path, "stableKey", Fields::string);
    }

    fn node(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(
            map,
            path,
            &["id", "stableKey", "recordingOrder", "kind", "label", "sideEffect", "groupId", "compileState"],
        );
        self.require(map, path, "id", |f, v, p| f.id(v, p, "node:"));
        self.optional(map, path, "stableKey", Fields::string);
        let recording_order = |f: &mut Fields, v: Option<&Value>, p: &str| f.integer(v, p, false);
        if self.facts.recording_order {
            self.optional(map, path, "recordingOrder", recording_order);
        } else {
            self.require(map, path, "recordingOrder", recording_order);
        }
        self.require(map, path, "kind", Fields::wire::<SnapshotNodeKind>);
        self.optional(map, path, "label", Fields::string);
        self.require(map, path, "sideEffect", Fields::boolean);
        self.optional(map, path, "groupId", |f, v, p| f.id(v, p, "group:"));
        let state_path = field(path, "compileState");
        let state = self.fields.required(map, path, "compileState");
        let Some(state) = self.fields.object(state, &state_path) else {
            return;
        };
        let status = self.require(state, &state_path, "status", |f, v, p| f.one_of(v, p, &["retained", "culled"]));
        match status {
            Some("retained") => {
                self.fields.properties(state, &state_path, &["status", "executionOrder"]);
                self.require(state, &state_path, "executionOrder", |f, v, p| f.integer(v, p, false));
            }
            Some(_) => {
                self.fields.properties(state, &state_path, &["status", "reason"]);
                self.require(state, &state_path, "reason", Fields::non_empty);
            }
            None => {}
        }
    }

    fn resource(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(
            map,
            path,
            &[
                "id",
                "stableKey",
                "label",
                "kind",
                "origin",
                "initialContents",
                "groupId",
                "lifetime",
                "allocationId",
                "estimatedByteSize",
                "descriptor",
                "usageFlags",
            ],
        );
        self.require(map, path, "id", |f, v, p| f.id(v, p, "resource:"));
        self.optional(map, path, "stableKey", Fields::string);
        self.optional(map, path, "label", Fields::string);
        let kind = self.require(map, path, "kind", Fields::wire::<SnapshotResourceKind>);
        let origin = self.require(map, path, "origin", Fields::wire::<SnapshotResourceOrigin>);
        let initial = self.optional(map, path, "initialContents", Fields::wire::<SnapshotInitialContents>).flatten();
        if let (Some(origin), Some(SnapshotInitialContents::Defined)) = (origin, initial)
            && origin != SnapshotResourceOrigin::Imported
        {
            self.fields.error(
                "invalid-initial-contents",
                || field(path, "initialContents"),
                || format!("{origin} resources must begin with undefined contents."),
            );
        }
        self.optional(map, path, "groupId", |f, v, p| f.id(v, p, "group:"));
        if let Some(lifetime) = map.get("lifetime") {
            self.lifetime(lifetime, &field(path, "lifetime"));
        }
        self.optional(map, path, "allocationId", |f, v, p| f.id(v, p, "allocation:"));
        self.optional(map, path, "estimatedByteSize", |f, v, p| f.integer(v, p, false));
        if let Some(descriptor) = map.get("descriptor") {
            self.descriptor(descriptor, &field(path, "descriptor"), kind);
        }
        let flags_path = field(path, "usageFlags");
        let flags = self.fields.required(map, path, "usageFlags");
        if let Some(items) = self.fields.array(flags, &flags_path) {
            let tokens: Option<Vec<&str>> =
                kind.map(|kind| SnapshotUsageFlag::for_kind(kind).iter().map(|flag| flag.as_str()).collect());
            for (position, item) in items.iter().enumerate() {
                let item_path = index(&flags_path, position);
                match &tokens {
                    Some(tokens) => {
                        self.fields.one_of(Some(item), &item_path, tokens);
                    }
                    None => {
                        self.fields.string(Some(item), &item_path);
                    }
                }
            }
            self.fields.unique_strings(items, &flags_path);
        }
    }

    fn lifetime(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["firstUse", "lastUse"]);
        let first = self.require(map, path, "firstUse", |f, v, p| f.integer(v, p, false));
        let last = self.require(map, path, "lastUse", |f, v, p| f.integer(v, p, false));
        if let (Some(first), Some(last)) = (first, last)
            && last < first
        {
            self.fields.error("invalid-lifetime", path, "lastUse must be greater than or equal to firstUse.");
        }
    }

    fn descriptor(&mut self, value: &Value, path: &str, resource_kind: Option<SnapshotResourceKind>) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        let kind = self.require(map, path, "kind", Fields::wire::<SnapshotResourceKind>);
        if let (Some(expected), Some(actual)) = (resource_kind, kind)
            && expected != actual
        {
            self.fields.literal_string(map.get("kind"), &field(path, "kind"), expected.as_str());
        }
        match kind {
            Some(SnapshotResourceKind::Texture) => {
                self.fields.properties(
                    map,
                    path,
                    &["kind", "format", "size", "dimension", "mipLevelCount", "sampleCount", "viewFormats"],
                );
                self.require(map, path, "format", Fields::non_empty);
                let size_path = field(path, "size");
                let size = self.fields.required(map, path, "size");
                if let Some(size) = self.fields.object(size, &size_path) {
                    let keys = ["width", "height", "depthOrArrayLayers"];
                    self.fields.properties(size, &size_path, &keys);
                    for key in keys {
                        self.require(size, &size_path, key, |f, v, p| f.integer(v, p, true));
                    }
                }
                self.require(map, path, "dimension", Fields::non_empty);
                self.require(map, path, "mipLevelCount", |f, v, p| f.integer(v, p, true));
                self.require(map, path, "sampleCount", |f, v, p| f.integer(v, p, true));
                let formats_path = field(path, "viewFormats");
                let formats = self.fields.required(map, path, "viewFormats");
                if let Some(items) = self.fields.array(formats, &formats_path) {
                    for (position, item) in items.iter().enumerate() {
                        self.fields.non_empty(Some(item), &index(&formats_path, position));
                    }
                    self.fields.unique_strings(items, &formats_path);
                }
            }
            Some(SnapshotResourceKind::Buffer) => {
                self.fields.properties(map, path, &["kind", "size"]);
                self.require(map, path, "size", |f, v, p| f.integer(v, p, false));
            }
            None => {}
        }
    }

    fn texture_view(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(
            map,
            path,
            &[
                "id",
                "stableKey",
                "resourceId",
                "label",
                "format",
                "dimension",
                "aspect",
                "baseMipLevel",
                "mipLevelCount",
                "baseArrayLayer",
                "arrayLayerCount",
                "swizzle",
            ],
        );
        self.require(map, path, "id", |f, v, p| f.id(v, p, "view:"));
        self.optional(map, path, "stableKey", Fields::string);
        self.require(map, path, "resourceId", |f, v, p| f.id(v, p, "resource:"));
        self.optional(map, path, "label", Fields::string);
        for key in ["format", "dimension", "aspect", "swizzle"] {
            self.require(map, path, key, Fields::non_empty);
        }
        for (key, positive) in
            [("baseMipLevel", false), ("mipLevelCount", true), ("baseArrayLayer", false), ("arrayLayerCount", true)]
        {
            self.require(map, path, key, |f, v, p| f.integer(v, p, positive));
        }
    }

    fn access(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(
            map,
            path,
            &[
                "id",
                "nodeId",
                "resourceId",
                "access",
                "mode",
                "contents",
                "producesValue",
                "textureViewId",
                "textureRegion",
                "bufferRange",
            ],
        );
        self.require(map, path, "id", |f, v, p| f.id(v, p, "access:"));
        self.require(map, path, "nodeId", |f, v, p| f.id(v, p, "node:"));
        self.require(map, path, "resourceId", |f, v, p| f.id(v, p, "resource:"));
        let kind = self.require(map, path, "access", Fields::wire::<SnapshotAccessKind>);
        let mode = self.require(map, path, "mode", Fields::wire::<SnapshotAccessMode>);
        if let (Some(kind), Some(mode)) = (kind, mode) {
            let required = kind.required_mode();
            if mode != required {
                self.fields.error(
                    "invalid-access-mode",
                    || field(path, "mode"),
                    || format!("Access kind \"{kind}\" requires mode \"{required}\"."),
                );
            }
        }
        match mode {
            Some(SnapshotAccessMode::Read) => {
                if map.contains_key("contents") {
                    self.fields.error(
                        "unexpected-property",
                        || field(path, "contents"),
                        "Read access cannot declare contents.",
                    );
                }
                let produces = self.require(map, path, "producesValue", Fields::boolean);
                if produces == Some(true) {
                    self.fields.error(
                        "invalid-read",
                        || field(path, "producesValue"),
                        "Read access must set producesValue to false.",
                    );
                }
            }
            Some(SnapshotAccessMode::Write) => {
                self.require(map, path, "contents", Fields::wire::<SnapshotWriteContents>);
                self.require(map, path, "producesValue", Fields::boolean);
            }
            None => {
                self.optional(map, path, "contents", Fields::wire::<SnapshotWriteContents>);
                self.require(map, path, "producesValue", Fields::boolean);
            }
        }
        self.optional(map, path, "textureViewId", |f, v, p| f.id(v, p, "view:"));
        if let Some(region) = map.get("textureRegion") {
            self.texture_region(region, &field(path, "textureRegion"));
        }
        if let Some(range) = map.get("bufferRange") {
            self.buffer_range(range, &field(path, "bufferRange"));
        }
        match kind.map(SnapshotAccessKind::resource_kind) {
            Some(SnapshotResourceKind::Texture) => {
                if map.contains_key("bufferRange") {
                    self.fields.error(
                        "invalid-access-range",
                        || field(path, "bufferRange"),
                        "Texture access cannot contain bufferRange.",
                    );
                }
                if kind.is_some_and(SnapshotAccessKind::is_texture_copy) && map.contains_key("textureViewId") {
                    self.fields.error(
                        "invalid-access-view",
                        || field(path, "textureViewId"),
                        "Texture copy access cannot reference a texture view.",
                    );
                }
            }
            Some(SnapshotResourceKind::Buffer) => {
                if map.contains_key("textureRegion") {
                    self.fields.error(
                        "invalid-access-range",
                        || field(path, "textureRegion"),
                        "Buffer access cannot contain textureRegion.",
                    );
                }
                if map.contains_key("textureViewId") {
                    self.fields.error(
                        "invalid-access-view",
                        || field(path, "textureViewId"),
                        "Buffer access cannot reference a texture view.",
                    );
                }
            }
            None => {}
        }
    }

    fn texture_region(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(
            map,
            path,
            &[
                "baseMipLevel",
                "mipLevelCount",
                "baseArrayLayer",
                "arrayLayerCount",
                "baseDepthSlice",
                "depthSliceCount",
                "aspect",
            ],
        );
        self.require(map, path, "baseMipLevel", |f, v, p| f.integer(v, p, false));
        self.require(map, path, "mipLevelCount", |f, v, p| f.integer(v, p, true));
        for (key, positive) in
            [("baseArrayLayer", false), ("arrayLayerCount", true), ("baseDepthSlice", false), ("depthSliceCount", true)]
        {
            self.optional(map, path, key, |f, v, p| f.integer(v, p, positive));
        }
        self.require(map, path, "aspect", Fields::non_empty);
        let has = |key: &str| map.contains_key(key);
        let layers = (has("baseArrayLayer"), has("arrayLayerCount"));
        let slices = (has("baseDepthSlice"), has("depthSliceCount"));
        let exactly_one = matches!((layers, slices), ((true, true), (false, false)) | ((false, false), (true, true)));
        if !exactly_one {
            self.fields.error(
                "invalid-texture-region",
                path,
                "Texture region must contain exactly one array-layer or depth-slice interval.",
            );
        }
    }

    fn buffer_range(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["offset", "size"]);
        self.require(map, path, "offset", |f, v, p| f.integer(v, p, false));
        self.optional(map, path, "size", |f, v, p| f.integer(v, p, false));
    }

    fn dependency(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["fromNodeId", "toNodeId", "resourceId", "kind"]);
        self.require(map, path, "fromNodeId", |f, v, p| f.id(v, p, "node:"));
        self.require(map, path, "toNodeId", |f, v, p| f.id(v, p, "node:"));
        self.require(map, path, "resourceId", |f, v, p| f.id(v, p, "resource:"));
        self.require(map, path, "kind", Fields::wire::<SnapshotDependencyKind>);
    }

    fn root(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["reason", "nodeId", "resourceId", "range", "resolution"]);
        let reason = self.require(map, path, "reason", Fields::wire::<SnapshotRootReason>);
        self.optional(map, path, "nodeId", |f, v, p| f.id(v, p, "node:"));
        self.optional(map, path, "resourceId", |f, v, p| f.id(v, p, "resource:"));
        if let Some(range) = map.get("range") {
            self.resource_range(range, &field(path, "range"));
        }
        if let Some(resolution) = map.get("resolution") {
            self.resolution(resolution, &field(path, "resolution"));
        }
        let has_node = map.contains_key("nodeId");
        let has_resource = map.contains_key("resourceId");
        let side_effect = reason.map(|reason| reason == SnapshotRootReason::SideEffect);
        let shape = if has_node == has_resource {
            Some("A root must reference exactly one node or resource.")
        } else if side_effect == Some(true) && has_resource {
            Some("Side-effect roots must reference a node.")
        } else if side_effect == Some(false) && has_node {
            Some("Resource roots must reference a resource.")
        } else {
            None
        };
        if let Some(message) = shape {
            self.fields.error("invalid-root", path, message);
        }
        if side_effect == Some(true) && (map.contains_key("range") || map.contains_key("resolution")) {
            self.fields.error("invalid-root", path, "Side effects cannot carry resource contents.");
        }
        if side_effect == Some(false) && has_resource && !has_node {
            if !map.contains_key("range") && !self.facts.roots_range {
                self.fields.error(
                    "missing-root-fact",
                    || field(path, "range"),
                    "Root range requires explicit Legacy unavailability when absent.",
                );
            }
            if !map.contains_key("resolution") && !self.facts.roots_resolution {
                self.fields.error(
                    "missing-root-fact",
                    || field(path, "resolution"),
                    "Root resolution requires explicit Legacy unavailability when absent.",
                );
            }
        }
    }

    fn resource_range(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        let kind = self.require(map, path, "kind", |f, v, p| f.one_of(v, p, &["buffer", "texture"]));
        match kind {
            Some("buffer") => {
                self.fields.properties(map, path, &["kind", "offset", "size"]);
                self.require(map, path, "offset", |f, v, p| f.integer(v, p, false));
                self.require(map, path, "size", |f, v, p| f.integer(v, p, true));
            }
            Some(_) => {
                self.fields.properties(map, path, &["kind", "regions"]);
                let regions_path = field(path, "regions");
                let regions = self.fields.required(map, path, "regions");
                if let Some(items) = self.fields.array(regions, &regions_path) {
                    if items.is_empty() {
                        self.fields.error(
                            "invalid-root-range",
                            regions_path.as_str(),
                            "Expected non-empty texture regions.",
                        );
                    }
                    for (position, item) in items.iter().enumerate() {
                        self.texture_region(item, &index(&regions_path, position));
                    }
                }
            }
            None => {}
        }
    }

    fn resolution(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["producerNodeIds", "usesInitialContents"]);
        let producers_path = field(path, "producerNodeIds");
        let producers = self.fields.required(map, path, "producerNodeIds");
        if let Some(items) = self.fields.array(producers, &producers_path) {
            for (position, item) in items.iter().enumerate() {
                self.fields.id(Some(item), &index(&producers_path, position), "node:");
            }
            self.fields.unique_strings(items, &producers_path);
        }
        self.require(map, path, "usesInitialContents", Fields::boolean);
    }

    fn segment(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["id", "order", "kind", "nodeIds"]);
        self.require(map, path, "id", |f, v, p| f.id(v, p, "segment:"));
        self.require(map, path, "order", |f, v, p| f.integer(v, p, false));
        self.require(map, path, "kind", Fields::wire::<SnapshotSegmentKind>);
        let nodes_path = field(path, "nodeIds");
        let nodes = self.fields.required(map, path, "nodeIds");
        if let Some(items) = self.fields.array(nodes, &nodes_path) {
            if items.is_empty() {
                self.fields.error(
                    "invalid-segment-sequence",
                    nodes_path.as_str(),
                    "Execution segment must contain at least one node.",
                );
            }
            for (position, item) in items.iter().enumerate() {
                self.fields.id(Some(item), &index(&nodes_path, position), "node:");
            }
            self.fields.unique_strings(items, &nodes_path);
        }
    }

    fn memory(&mut self, value: Option<&Value>) {
        let path = "/memory";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        self.fields.properties(map, path, &["allocationReport", "poolReport"]);
        let report_path = field(path, "allocationReport");
        let report = self.fields.required(map, path, "allocationReport");
        if let Some(fields) = self.report(report, &report_path, &["allocations"]) {
            let allocations = self.fields.required(fields, &report_path, "allocations");
            self.table(allocations, &field(&report_path, "allocations"), Self::allocation);
        }
        let pool_path = field(path, "poolReport");
        let pool = self.fields.required(map, path, "poolReport");
        let counters = ["acquireCount", "reuseCount", "createdCount", "retainedCount", "estimatedRetainedBytes"];
        if let Some(fields) = self.report(pool, &pool_path, &counters) {
            for key in &counters[..4] {
                self.require(fields, &pool_path, key, |f, v, p| f.integer(v, p, false));
            }
            self.optional(fields, &pool_path, counters[4], |f, v, p| f.integer(v, p, false));
        }
    }

    /// Checks the `status` of an available/unavailable report. Returns the object when it
    /// is available, for its own fields (`available` lists them besides `status`).
    fn report<'v>(
        &mut self,
        value: Option<&'v Value>,
        path: &str,
        available: &[&str],
    ) -> Option<&'v Map<String, Value>> {
        let map = self.fields.object(value, path)?;
        let status = self.require(map, path, "status", |f, v, p| f.one_of(v, p, STATUS));
        match status {
            Some("available") => {
                let mut keys = vec!["status"];
                keys.extend_from_slice(available);
                self.fields.properties(map, path, &keys);
                Some(map)
            }
            Some(_) => {
                self.fields.properties(map, path, &["status", "reason"]);
                self.require(map, path, "reason", Fields::non_empty);
                None
            }
            None => None,
        }
    }

    fn allocation(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["id", "kind", "compatibilityClassId", "estimatedByteSize"]);
        self.require(map, path, "id", |f, v, p| f.id(v, p, "allocation:"));
        self.require(map, path, "kind", Fields::wire::<SnapshotResourceKind>);
        self.require(map, path, "compatibilityClassId", |f, v, p| f.id(v, p, "compatibility:"));
        self.optional(map, path, "estimatedByteSize", |f, v, p| f.integer(v, p, false));
    }

    fn timings(&mut self, value: Option<&Value>) {
        let path = "/timings";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        if self.profile.has_cpu_timing() {
            self.fields.properties(map, path, &["gpu", "cpu"]);
            let cpu = self.fields.required(map, path, "cpu");
            self.node_timings(cpu, "/timings/cpu", "executionDurationMicros");
        } else {
            self.fields.properties(map, path, &["gpu"]);
        }
        let gpu = self.fields.required(map, path, "gpu");
        self.node_timings(gpu, "/timings/gpu", "frameSpanMicros");
    }

    fn node_timings(&mut self, value: Option<&Value>, path: &str, total: &str) {
        let Some(map) = self.report(value, path, &[total, "nodes"]) else {
            return;
        };
        self.require(map, path, total, Fields::duration);
        let nodes = self.fields.required(map, path, "nodes");
        self.table(nodes, &field(path, "nodes"), Self::node_timing);
    }

    fn node_timing(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["nodeId", "durationMicros"]);
        self.require(map, path, "nodeId", |f, v, p| f.id(v, p, "node:"));
        self.require(map, path, "durationMicros", Fields::duration);
    }

    fn diagnostic(&mut self, value: &Value, path: &str) {
        let Some(map) = self.fields.object(Some(value), path) else {
            return;
        };
        self.fields.properties(map, path, &["severity", "code", "message", "nodeId", "resourceId"]);
        self.require(map, path, "severity", Fields::wire::<SnapshotDiagnosticSeverity>);
        self.require(map, path, "code", Fields::non_empty);
        self.require(map, path, "message", Fields::string);
        self.optional(map, path, "nodeId", |f, v, p| f.id(v, p, "node:"));
        self.optional(map, path, "resourceId", |f, v, p| f.id(v, p, "resource:"));
    }

    fn extensions(&mut self, value: Option<&Value>) {
        let path = "/extensions";
        let Some(map) = self.fields.object(value, path) else {
            return;
        };
        for (name, extension) in map {
            let invalid_name = !is_valid_name(name);
            let too_deep = exceeds_depth(extension);
            if !invalid_name && !too_deep {
                continue;
            }
            // Built only for a kept issue: extension names may be as long as the document.
            let extension_path = || field(path, name);
            if invalid_name {
                self.fields.error(
                    "invalid-extension-name",
                    extension_path,
                    "Extension names must be namespace-qualified.",
                );
            }
            if too_deep {
                self.fields.error("extension-depth-exceeded", extension_path, DEPTH_EXCEEDED_MESSAGE);
            }
        }
    }
}
