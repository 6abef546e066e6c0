#pragma once
// Parsing one command's argv with Boost.Program_options, the GNU way: long
// options spelt in full (no prefix guessing), "did you mean" for a typo,
// --help, and the presentation flags every command takes (--json, --quiet,
// --verbose, see presentation.hpp).
#include <boost/program_options.hpp>

#include <string>
#include <vector>

namespace graphrun::cli {

namespace po = boost::program_options;

// Parses `args` for `command`; prints --help and returns false when help was
// asked. Unknown options, bad values and missing required options raise a
// UsageError; the message does not repeat the command name (main prefixes
// "graphrun COMMAND: ").
bool parse_command_line(const std::string& command, const std::string& usage, const std::vector<std::string>& args,
                        po::options_description& options, const po::positional_options_description& positional,
                        po::variables_map& values);

// A deprecated spelling of an option: adds `--old` (a string) to `options`.
void add_deprecated_alias(po::options_description& options, const std::string& old_name, const std::string& new_name);
// After parsing: when `--old` was given, warns once on stderr and stores its
// value in `target`; giving both spellings is a UsageError.
void apply_deprecated_alias(const po::variables_map& values, const std::string& command, const std::string& old_name,
                            const std::string& new_name, std::string& target);

}  // namespace graphrun::cli
