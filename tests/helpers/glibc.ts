/** The version of glibc this process runs on (Node's report header), or undefined on another C library. */
export const glibcVersion = (process.report.getReport() as { header: { glibcVersionRuntime?: string } })
  .header.glibcVersionRuntime
