// Generated from engine-wasm/core/src/catalog/json.rs by its test
// (LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test catalog_contract). Do not edit.
// The catalog JSON of Engine.catalog() (docs/ENGINE-API.md).

/** The catalog after a script: its segments, the buffer cache and the MemOptimized pool (`Engine.catalog()`). */
export interface Catalog {
  block_size: number;
  cache: CacheInfo;
  memopt: MemoptInfo;
  segments: Segment[];
  /** The Oracle version profile's name, e.g. `18.0.0`. */
  version: string;
}

/** The buffer cache. */
export interface CacheInfo {
  cbc_latch_children: number;
  hash_buckets: number;
  pools: BufferPool[];
}

/** A buffer pool: its buffers and those holding a block. */
export interface BufferPool {
  buffers: number;
  name: 'DEFAULT' | 'KEEP';
  used: number;
}

/** The MemOptimized pool (all zero while MEMOPTIMIZE_POOL_SIZE is 0). */
export interface MemoptInfo {
  buffer_area_bytes: number;
  hash_index_bytes: number;
  /** Heap tables declared MEMOPTIMIZE FOR READ, populated or not. */
  memoptimize_read_tables: string[];
  pool_bytes: number;
  /** The tables in the pool. */
  tables: MemoptTable[];
}

/** A table in the MemOptimized pool. */
export interface MemoptTable {
  blocks: number;
  name: string;
  populated: boolean;
  rows_populated: number;
}

/** One segment (dropped ones left out). Block numbers are segment-relative: 0 is the segment header of heap tables and clusters; a B-tree's root is `levels[0].first_block`. */
export interface Segment {
  /** Blocks below the high-water mark, the segment header included (absent when the object owning the segment is not found). */
  blocks?: number;
  /** An index's (or IOT's) B-tree. */
  btree?: BtreeInfo;
  /** A hash cluster's buckets and overflow chains. */
  cluster?: ClusterInfo;
  /** A data dictionary (SYS) segment that recursive SQL reads. */
  dictionary?: boolean;
  /** Block number of the segment header. */
  header_block: number;
  /** The trace's `segment` column names segments by this. */
  id: number;
  kind: 'TABLE' | 'INDEX' | 'IOT' | 'CLUSTER';
  /** A heap table's MEMOPTIMIZE FOR READ attribute. */
  memoptimize_read?: boolean;
  name: string;
  pool: 'DEFAULT' | 'KEEP';
  /** Rows (a B-tree's entries; a cluster's rows of all its tables). */
  rows?: number;
  /** The table an index (or IOT) belongs to; a cluster's first table. */
  table: string | null;
}

/** A B-tree's shape: its levels, root first. */
export interface BtreeInfo {
  entries_per_leaf: number;
  /** 1: the root is the leaf. */
  height: number;
  /** Root first. */
  levels: BtreeLevel[];
  unique: boolean;
}

/** A B-tree level: `count` blocks from `first_block`. */
export interface BtreeLevel {
  count: number;
  first_block: number;
}

/** A hash cluster's shape. */
export interface ClusterInfo {
  /** Blocks preallocated for the HASHKEYS buckets. */
  bucket_blocks: number;
  /** Only the buckets with overflow blocks. */
  chains: ClusterChain[];
  hashkeys: number;
  keys_per_block: number;
  overflow_blocks: number;
  size: number;
}

/** A bucket block and its overflow chain. */
export interface ClusterChain {
  block: number;
  overflow: number[];
}
