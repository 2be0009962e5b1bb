#include "Format.h"

namespace engram::cli {
namespace {

constexpr int kContentColumns = 60;
constexpr int kValueColumns = 40;

QStringList itemRow(const MemoryItem& item, bool scored)
{
    QStringList row;
    if (scored)
        row.append(QString::number(item.score.value_or(0.0), 'f', 3));
    row << item.id << enumName(item.tier) << item.kind << item.status << (item.pinned ? QStringLiteral("*") : QString())
        << elide(item.content, kContentColumns);
    return row;
}

QString valueText(const Json& value)
{
    if (value.is_string())
        return elide(QString::fromStdString(value.get<std::string>()), kValueColumns);
    return QString::fromStdString(value.dump(-1, ' ', false, Json::error_handler_t::replace));
}

} // namespace

QString timeText(const QDateTime& time)
{
    return time.isValid() ? time.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")) : QStringLiteral("-");
}

Json itemsJson(const QList<MemoryItem>& items)
{
    Json array = Json::array();
    for (const MemoryItem& item : items)
        array.push_back(item.toJson());
    return array;
}

void printItems(CliContext& ctx, const QList<MemoryItem>& items, bool scored)
{
    if (ctx.json()) {
        ctx.out().json(itemsJson(items));
        return;
    }
    QStringList header{cliTr("ID"), cliTr("TIER"), cliTr("KIND"), cliTr("STATUS"), cliTr("PIN"), cliTr("CONTENT")};
    if (scored)
        header.prepend(cliTr("SCORE"));
    Table table(header);
    for (const MemoryItem& item : items)
        table.addRow(itemRow(item, scored));
    if (!table.isEmpty())
        ctx.out().line(table.render());
    ctx.out().line(cliTr("%n item(s)", nullptr, static_cast<int>(items.size())));
}

void printChanged(CliContext& ctx, const MemoryItem& item, const QString& headline)
{
    if (ctx.json())
        ctx.out().json(item.toJson());
    else
        ctx.out().line(QStringLiteral("%1: %2").arg(headline, elide(item.content, kContentColumns)));
}

void printItem(CliContext& ctx, const MemoryItem& item)
{
    if (ctx.json()) {
        ctx.out().json(item.toJson());
        return;
    }
    Table table({cliTr("id"), item.id});
    const auto add = [&](const char* name, const QString& value) {
        if (!value.isEmpty())
            table.addRow({cliTr(name), value});
    };
    add("tier", enumName(item.tier));
    add("kind", item.kind);
    add("status", item.status);
    add("pinned", item.pinned ? cliTr("yes") : cliTr("no"));
    add("content", item.content.simplified());
    add("detail", item.detail.simplified());
    if (item.tier == Tier::Semantic) {
        add("subject", item.subject);
        add("predicate", item.predicate);
        add("object", item.object);
        add("confidence", QString::number(item.confidence, 'g', 3));
        add("source", item.source);
    }
    add("importance", QString::number(item.importance, 'g', 3));
    add("topic", item.topicKey);
    add("conversation", item.conversationId);
    add("created", timeText(item.createdAt));
    add("updated", timeText(item.updatedAt));
    add("last access", timeText(item.lastAccessAt));
    add("accesses", QString::number(item.accessCount));
    if (!item.metadata.empty())
        add("metadata", QString::fromStdString(item.metadata.dump(-1, ' ', false, Json::error_handler_t::replace)));
    ctx.out().line(table.render());
}

Json historyJson(const HistoryEntry& entry)
{
    Json j = Json::object();
    j["time"] = utf8(toIso(entry.time));
    j["action"] = utf8(entry.action);
    j["actor"] = utf8(enumName(entry.actor));
    if (!entry.client.isEmpty())
        j["client"] = utf8(entry.client);
    j["item_id"] = utf8(entry.itemId);
    j["before"] = entry.before;
    j["after"] = entry.after;
    return j;
}

QString changeText(const HistoryEntry& entry)
{
    static const char* const kKeys[] = {"object", "content",      "model_content", "status",
                                        "pinned", "window_state", "confidence"};
    const bool hasBefore = entry.before.is_object();
    const bool hasAfter = entry.after.is_object();
    if (!hasBefore && !hasAfter)
        return entry.action == QLatin1String("delete") ? cliTr("(content not kept)") : QString();
    QStringList parts;
    for (const char* key : kKeys) {
        const Json before = hasBefore ? entry.before.value(key, Json()) : Json();
        const Json after = hasAfter ? entry.after.value(key, Json()) : Json();
        if (before == after)
            continue;
        const QString name = QString::fromLatin1(key);
        if (before.is_null())
            parts.append(QStringLiteral("%1: %2").arg(name, valueText(after)));
        else if (after.is_null())
            parts.append(QStringLiteral("%1: %2 → (none)").arg(name, valueText(before)));
        else
            parts.append(QStringLiteral("%1: %2 → %3").arg(name, valueText(before), valueText(after)));
    }
    return parts.join(QStringLiteral("; "));
}

} // namespace engram::cli
