#include "llm/ModelTasks.h"

#include "llm/ChatBackend.h"

namespace engram {

ModelTasks::ModelTasks(ChatBackend& backend)
    : m_backend(backend)
{}

void ModelTasks::ask(const PromptMessages& prompt, bool json, QObject* context,
                     std::function<void(const LlmResult<QString>&)> done)
{
    ChatRequest request;
    request.use = ModelUse::Extraction;
    request.jsonObject = json;
    request.temperature = 0.0; // the same turn should give the same facts
    request.messages = {ChatMessage::system(prompt.system), ChatMessage::user(prompt.user)};
    whenDone(m_backend.complete(request), context, [done = std::move(done)](const LlmResult<ChatResult>& r) {
        if (!r)
            done(r.error());
        else
            done(r->text);
    });
}

void ModelTasks::extract(PromptLanguage language, const QList<Fact>& known, const QString& userMessage,
                         const QString& reply, QObject* context, ExtractionDone done)
{
    ask(Prompts::extraction(language, known, userMessage, reply), true, context,
        [done = std::move(done)](const LlmResult<QString>& text) {
            if (!text) {
                done(text.error());
                return;
            }
            auto parsed = ExtractionParser::parse(*text);
            if (!parsed)
                done(LlmError::unreadable(parsed.errorMessage()));
            else
                done(*parsed);
        });
}

void ModelTasks::summarize(PromptLanguage language, const QList<Message>& messages, const QStringList& knownTopics,
                           QObject* context, SummaryDone done)
{
    ask(Prompts::summary(language, messages, knownTopics), true, context,
        [done = std::move(done)](const LlmResult<QString>& text) {
            if (!text) {
                done(text.error());
                return;
            }
            auto parsed = SummaryParser::parse(*text);
            if (!parsed)
                done(LlmError::unreadable(parsed.errorMessage()));
            else
                done(*parsed);
        });
}

void ModelTasks::merge(PromptLanguage language, const QString& topic, const QString& existing, const QString& addition,
                       QObject* context, TextDone done)
{
    ask(Prompts::merge(language, topic, existing, addition), true, context,
        [done = std::move(done)](const LlmResult<QString>& text) {
            if (!text) {
                done(text.error());
                return;
            }
            // The merge prompt answers in the summary's JSON form; its topic is the one we gave.
            auto parsed = SummaryParser::parse(*text);
            if (!parsed)
                done(LlmError::unreadable(parsed.errorMessage()));
            else
                done(parsed->summary);
        });
}

} // namespace engram
