#include "Commands.h"
#include "Format.h"
#include "memory/ItemJson.h"
#include "memory/MemoryService.h"

namespace engram::cli {
namespace {

int users(CliContext& ctx, MemoryService& memory, const QCommandLineParser&)
{
    auto list = memory.users();
    if (!list)
        return ctx.fail(list.error());
    if (ctx.json()) {
        Json array = Json::array();
        for (const User& u : *list)
            array.push_back(itemjson::toJson(u));
        ctx.out().json(array);
        return ExitOk;
    }
    Table table({cliTr("ID"), cliTr("CREATED"), cliTr("NAME")});
    for (const User& u : *list)
        table.addRow({u.id, timeText(u.createdAt), u.displayName});
    ctx.out().line(table.render());
    return ExitOk;
}

int stats(CliContext& ctx, MemoryService& memory, const QCommandLineParser&)
{
    auto counts = memory.counts(ctx.userId());
    if (!counts)
        return ctx.fail(counts.error());
    const QList<std::pair<const char*, int>> rows{
        {"working", counts->working}, {"episodic", counts->episodic}, {"semantic", counts->semantic},
        {"pending", counts->pending}, {"archive", counts->archive},   {"total", counts->total()},
    };
    if (ctx.json()) {
        Json j = Json::object();
        j["user"] = utf8(ctx.userId());
        j["database"] = utf8(ctx.location().describe());
        for (const auto& [name, value] : rows)
            j[name] = value;
        ctx.out().json(j);
        return ExitOk;
    }
    Table table({cliTr("user"), ctx.userId()});
    table.addRow({cliTr("database"), ctx.location().describe()});
    for (const auto& [name, value] : rows)
        table.addRow({cliTr(name), QString::number(value)});
    ctx.out().line(table.render());
    return ExitOk;
}

} // namespace

QList<Command> infoCommands()
{
    return {
        {QStringLiteral("users"), {}, cliTr("List the users in the database"), 0, 0, {}, &users, Access::ReadAll},
        {QStringLiteral("stats"), {}, cliTr("Count the user's items in each tier"), 0, 0, {}, &stats, Access::Read},
    };
}

} // namespace engram::cli
