#pragma once
// The public C++ API in one include: load or build a graph, pick a backend,
// run the algorithms, get plain host vectors back.
#include "graphrun/backend.hpp"
#include "graphrun/edge_list.hpp"
#include "graphrun/engine.hpp"
#include "graphrun/error.hpp"
#include "graphrun/graph.hpp"
#include "graphrun/types.hpp"
#include "graphrun/io/read.hpp"
#include "graphrun/io/snapshot.hpp"
#include "graphrun/io/npy.hpp"
#include "graphrun/io/vertex_output.hpp"
#include "graphrun/algorithms/aggregate.hpp"
#include "graphrun/algorithms/bfs.hpp"
#include "graphrun/algorithms/label_propagation.hpp"
#include "graphrun/algorithms/pagerank.hpp"
#include "graphrun/algorithms/wcc.hpp"
