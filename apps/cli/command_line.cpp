#include "command_line.hpp"

#include <algorithm>
#include <iostream>

#include "graphrun/error.hpp"
#include "presentation.hpp"
#include "suggest.hpp"

namespace graphrun::cli {
namespace {

std::vector<std::string> long_names(const po::options_description& options) {
  std::vector<std::string> names;
  for (const auto& option : options.options())
    if (!option->long_name().empty()) names.push_back(option->long_name());
  return names;
}

// Program_options' default style without allow_guessing: `--dampin` is an
// unknown option, not `--damping`.
constexpr int style = po::command_line_style::default_style & ~po::command_line_style::allow_guessing;

}  // namespace

bool parse_command_line(const std::string& command, const std::string& usage, const std::vector<std::string>& args,
                        po::options_description& options, const po::positional_options_description& positional,
                        po::variables_map& values) {
  Presentation choice;
  options.add_options()
    ("json", po::bool_switch(&choice.json), "print a machine-readable JSON summary instead of text")
    ("quiet,q", po::bool_switch(&choice.quiet), "print no summary (errors and warnings only; --json still prints)")
    ("verbose,v", po::bool_switch(&choice.verbose), "print each phase's time on stderr as it ends")
    ("help,h", "show this help");
  try {
    po::store(po::command_line_parser(args).options(options).positional(positional).style(style).run(), values);
    if (values.count("help")) {
      std::cout << "usage: graphrun " << command << " " << usage << "\n\n" << options << "\n";
      return false;
    }
    po::notify(values);
  } catch (const po::unknown_option& e) {
    const std::string name = e.get_option_name();
    const std::string bare = name.substr(std::min(name.find_first_not_of('-'), name.size()));
    throw UsageError("unknown option '" + name + "'" + did_you_mean(bare, long_names(options), "--") +
                     " (see graphrun " + command + " --help)");
  } catch (const po::required_option& e) {
    throw UsageError("missing " + (e.get_option_name() == "--file" ? std::string("FILE") : e.get_option_name()) +
                     " (usage: graphrun " + command + " " + usage + ")");
  } catch (const po::error& e) {
    throw UsageError(std::string(e.what()) + " (see graphrun " + command + " --help)");
  }
  if (choice.quiet && choice.verbose) throw UsageError("--quiet and --verbose exclude each other");
  set_presentation(choice);
  return true;
}

void add_deprecated_alias(po::options_description& options, const std::string& old_name, const std::string& new_name) {
  options.add_options()(old_name.c_str(), po::value<std::string>(), ("deprecated spelling of --" + new_name).c_str());
}

void apply_deprecated_alias(const po::variables_map& values, const std::string& command, const std::string& old_name,
                            const std::string& new_name, std::string& target) {
  if (!values.count(old_name)) return;
  if (values.count(new_name)) throw UsageError("give --" + new_name + " only (--" + old_name + " is its deprecated spelling)");
  warn(command, "--" + old_name + " is deprecated; use --" + new_name);
  target = values[old_name].as<std::string>();
}

}  // namespace graphrun::cli
