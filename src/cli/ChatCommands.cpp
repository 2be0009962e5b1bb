#include "Commands.h"
#include "Endpoint.h"
#include "Format.h"
#include "llm/LlmClient.h"
#include "memory/JobRunner.h"
#include "memory/MemoryService.h"
#include "memory/TurnPipeline.h"

#include <QEventLoop>

#include <optional>

namespace engram::cli {
namespace {

const QString kConversation = QStringLiteral("conversation");
const QString kNew = QStringLiteral("new");
const QString kIncognito = QStringLiteral("incognito");
const QString kWait = QStringLiteral("wait");
const QString kRun = QStringLiteral("run");

void addChatOptions(QCommandLineParser& p)
{
    p.addOption({kConversation, cliTr("Continue this conversation."), QStringLiteral("ID")});
    p.addOption({kNew, cliTr("Start a new conversation.")});
    p.addOption({kIncognito, cliTr("An incognito conversation: nothing is stored or learnt.")});
    p.addOption({kWait, cliTr("Finish the memory jobs (extraction, summaries) before exiting.")});
}

void addJobsOptions(QCommandLineParser& p)
{
    p.addOption({kRun, cliTr("Run every queued job once and report how many succeeded.")});
}

// --conversation ID, --new, --incognito, or else the user's most recent conversation (or a new one).
Result<Conversation> chosenConversation(CliContext& ctx, MemoryService& memory, const QCommandLineParser& args)
{
    const QString title = cliTr("Command line");
    if (args.isSet(kIncognito))
        return memory.createConversation(ctx.userId(), title, true);
    if (args.isSet(kConversation))
        return memory.conversation(ctx.userId(), args.value(kConversation));
    if (!args.isSet(kNew)) {
        auto all = memory.conversations(ctx.userId());
        if (!all)
            return all.error();
        if (!all->isEmpty())
            return all->first(); // most recently updated first
    }
    return memory.createConversation(ctx.userId(), title);
}

// Runs every queued job once; returns {succeeded, failed}.
std::pair<int, int> drainJobs(JobRunner& jobs)
{
    int ok{};
    int failed{};
    QEventLoop loop;
    bool drained{};
    QObject::connect(&jobs, &JobRunner::jobFinished, &loop,
                     [&](const QString&, const QString&, bool success, const QString&) { ++(success ? ok : failed); });
    QObject::connect(&jobs, &JobRunner::drained, &loop, [&] {
        drained = true;
        loop.quit();
    });
    jobs.drainOnce();
    if (!drained)
        loop.exec();
    return {ok, failed};
}

struct TurnOutcome
{
    QString reply;
    QString status;
    std::optional<LlmError> error;
    QString keptReplyId; // a failed turn's partial reply, as stored
    bool cut{};          // the reply passed kMaxReplyChars: only its first part is kept
};

// Streams the reply to stdout as it arrives (unless the output is JSON) and waits for its end.
TurnOutcome awaitTurn(CliContext& ctx, Turn& turn)
{
    TurnOutcome outcome;
    QEventLoop loop;
    const bool streamOut = !ctx.json();
    QObject::connect(&turn, &Turn::delta, &loop, [&](const QString& piece) {
        if (streamOut)
            ctx.out().text(piece);
    });
    QObject::connect(&turn, &Turn::finished, &loop, [&](const Message& reply) {
        outcome.reply = reply.content;
        outcome.status = enumName(reply.status);
        outcome.cut = TurnPipeline::isCut(reply);
        loop.quit();
    });
    QObject::connect(&turn, &Turn::failed, &loop, [&](const LlmError& error, const QString& partial) {
        outcome.reply = partial;
        outcome.status = QStringLiteral("failed");
        outcome.error = error;
        outcome.keptReplyId = turn.keptReplyId;
        loop.quit();
    });
    if (turn.isRunning())
        loop.exec();
    if (streamOut && (!outcome.reply.isEmpty() || !outcome.error))
        ctx.out().text(QStringLiteral("\n"));
    return outcome;
}

int chat(CliContext& ctx, MemoryService& memory, const QCommandLineParser& args)
{
    if (args.isSet(kNew) + args.isSet(kConversation) + args.isSet(kIncognito) > 1)
        return ctx.usage(cliTr("Use only one of --conversation, --new and --incognito."));
    const QString text = args.positionalArguments().join(QLatin1Char(' ')).trimmed();
    if (text.isEmpty())
        return ctx.usage(cliTr("The message is empty."));
    auto conversation = chosenConversation(ctx, memory, args);
    if (!conversation)
        return ctx.fail(conversation.error());
    LlmClient client(endpointSettings());
    JobRunner jobs(memory, client); // not started: without --wait the turn's jobs stay queued
    TurnPipeline pipeline(memory, client, &jobs);
    auto turn = pipeline.send(ctx.userId(), *conversation, text);
    if (!turn)
        return ctx.fail(turn.error());
    if (!ctx.json())
        ctx.out().error(cliTr("conversation: %1").arg(conversation->id));
    const TurnOutcome outcome = awaitTurn(ctx, **turn);
    if (outcome.error) {
        ctx.out().error(cliTr("Model endpoint error: %1").arg(outcome.error->text()));
        if (!outcome.keptReplyId.isEmpty())
            ctx.out().error(cliTr("The part of the reply received so far is kept in the conversation, marked "
                                  "interrupted."));
        else if (!outcome.reply.isEmpty())
            ctx.out().error(cliTr("The part of the reply received so far could not be kept."));
    } else if (args.isSet(kWait) && !conversation->incognito) {
        const auto [ok, failed] = drainJobs(jobs);
        if (failed > 0)
            ctx.out().error(cliTr("%n memory job(s) failed; they are retried later (engram-cli jobs).", "", failed));
        Q_UNUSED(ok)
    }
    if (outcome.cut)
        ctx.out().error(cliTr("The reply was longer than %1 characters: its first part is shown and kept, the rest "
                              "was not read.")
                            .arg(kMaxReplyChars));
    if (ctx.json()) {
        Json j = Json::object();
        j["conversation_id"] = utf8(conversation->id);
        j["reply"] = utf8(outcome.reply);
        j["status"] = utf8(outcome.status);
        j["truncated"] = outcome.cut;
        if (!outcome.keptReplyId.isEmpty())
            j["kept_reply_id"] = utf8(outcome.keptReplyId);
        Json ids = Json::array();
        for (const QString& id : (*turn)->context.memoryIds())
            ids.push_back(utf8(id));
        j["memory_ids"] = ids;
        if (outcome.error)
            j["error"] = utf8(outcome.error->text());
        ctx.out().json(j);
    }
    return outcome.error ? ExitModel : ExitOk;
}

int listJobs(CliContext& ctx, const QList<Job>& list)
{
    if (ctx.json()) {
        Json array = Json::array();
        for (const Job& job : list) {
            array.push_back({{"id", utf8(job.id)},
                             {"kind", utf8(job.kind)},
                             {"status", utf8(enumName(job.status))},
                             {"attempts", job.attempts},
                             {"next_run_at", utf8(job.nextRunAt.toUTC().toString(Qt::ISODateWithMs))},
                             {"last_error", utf8(job.lastError)}});
        }
        ctx.out().json(array);
        return ExitOk;
    }
    Table table(
        {cliTr("ID"), cliTr("KIND"), cliTr("STATUS"), cliTr("ATTEMPTS"), cliTr("NEXT RUN"), cliTr("LAST ERROR")});
    for (const Job& job : list) {
        table.addRow({job.id, job.kind, enumName(job.status), QString::number(job.attempts), timeText(job.nextRunAt),
                      elide(job.lastError, 60)});
    }
    ctx.out().line(table.isEmpty() ? cliTr("No pending jobs.") : table.render());
    return ExitOk;
}

int jobs(CliContext& ctx, MemoryService& memory, const QCommandLineParser& args)
{
    LlmClient client(endpointSettings());
    JobRunner runner(memory, client);
    if (!args.isSet(kRun)) {
        auto list = runner.pending(ctx.userId());
        if (!list)
            return ctx.fail(list.error());
        return listJobs(ctx, *list);
    }
    // After a change of embedding model, the items are embedded again by this run.
    if (auto st = runner.enqueueEmbeddingRebuild(); !st)
        return ctx.fail(st.error());
    const auto [ok, failed] = drainJobs(runner);
    if (ctx.json()) {
        ctx.out().json({{"succeeded", ok}, {"failed", failed}});
    } else {
        ctx.out().line(cliTr("%1 succeeded, %2 failed").arg(ok).arg(failed));
    }
    return ExitOk;
}

} // namespace

QList<Command> chatCommands()
{
    return {
        {QStringLiteral("chat"), QStringLiteral("MESSAGE"), cliTr("Send one message to the model and print its reply"),
         1, -1, &addChatOptions, &chat},
        {QStringLiteral("jobs"),
         {},
         cliTr("List the pending memory jobs, or run them (--run)"),
         0,
         0,
         &addJobsOptions,
         &jobs},
    };
}

} // namespace engram::cli
