#pragma once

#include "Command.h"

#include <QList>

// The command groups of engram-cli. A new group (chat, jobs) adds a function here and one line
// to allCommands() in CliApp.cpp.
namespace engram::cli {

QList<Command> infoCommands();     // users, stats
QList<Command> itemCommands();     // list, show, history, search
QList<Command> editCommands();     // add-fact, edit, pin, unpin, delete, undo, forget
QList<Command> transferCommands(); // export, import, clear
QList<Command> chatCommands();     // chat, jobs
QList<Command> backupCommands();   // backup, backups, restore
QList<Command> mcpCommands();      // mcp

} // namespace engram::cli
