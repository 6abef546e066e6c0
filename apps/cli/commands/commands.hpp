#pragma once
// One entry point per `graphrun` sub-command; each parses its own options.
#include <string>
#include <vector>

namespace graphrun::cli {

using Arguments = std::vector<std::string>;

int run_pagerank(const Arguments& args);
int run_bfs(const Arguments& args);
int run_sssp(const Arguments& args);
int run_triangle_count(const Arguments& args);
int run_local_clustering(const Arguments& args);
int run_betweenness(const Arguments& args);
int run_trsv(const Arguments& args);
int run_label_propagation(const Arguments& args);
int run_wcc(const Arguments& args);
int run_aggregate(const Arguments& args);
int run_info(const Arguments& args);
int run_convert(const Arguments& args);
int run_generate(const Arguments& args);
int run_kernels(const Arguments& args);

}  // namespace graphrun::cli
