#pragma once

#include "Command.h"
#include "memory/MemoryService.h"

// How the commands show items, history and reports: aligned text for people, JSON with --json.
namespace engram::cli {

// "2026-03-01 09:00:00" in UTC, or "-" for no time.
QString timeText(const QDateTime& time);

Json itemsJson(const QList<MemoryItem>& items);
// A table of items (with a SCORE column when `scored`), or a JSON array with --json.
void printItems(CliContext& ctx, const QList<MemoryItem>& items, bool scored = false);
// One item, its fields one per line, or its JSON object with --json.
void printItem(CliContext& ctx, const MemoryItem& item);
// A changed item: "<headline>: <content>" on one line, or its JSON object with --json.
void printChanged(CliContext& ctx, const MemoryItem& item, const QString& headline);

Json historyJson(const HistoryEntry& entry);
// What an entry of the history changed, in a few words ("object: 电商 → 短视频").
QString changeText(const HistoryEntry& entry);

} // namespace engram::cli
