// Every bench's port comes from here: BENCH_PORT (default 3200) moves them all, and each bench
// keeps its own offset from it so that two benches can run side by side.
export const benchPort = (offset) => Number(process.env.BENCH_PORT ?? 3200) + offset;
