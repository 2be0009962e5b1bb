#include "llm/RuleExtractor.h"

#include "llm/RuleMatchers.h"
#include "llm/RuleText.h"

namespace engram {
namespace {

using namespace rules;

FactOperations statementsIn(const QString& text)
{
    FactOperations ops;
    for (const QString& clause : clauses(text)) {
        if (!matchChinese(clause, ops))
            matchEnglish(clause, ops);
    }
    return ops;
}

// A joke marker in the sentence, or opening the next one ("我是外星人。哈哈"), taints the statement.
bool isJoke(const QStringList& all, qsizetype i)
{
    constexpr qsizetype kOpening = 8;
    return hasJokeMarker(all.at(i)) || (i + 1 < all.size() && hasJokeMarker(all.at(i + 1).left(kOpening)));
}

// The predicate named by the target of a forget request: "我的项目" -> project, "where I work" -> employer.
QString forgottenPredicate(const QString& target)
{
    static const QRegularExpression owner =
        pattern(QStringLiteral("^(?:关于|有关|我的|我|(?:about|my|the|all)\\b)\\s*"));
    static const QRegularExpression tail =
        pattern(QStringLiteral("\\s*(?:的事|这件事|的信息|信息|的记忆|记忆|的|\\binfo(?:rmation)?\\b|\\bdetails\\b)$"));
    QString key = target.trimmed();
    key.remove(owner);
    key.remove(tail);
    const struct
    {
        const char* phrase;
        QLatin1String predicate;
    } phrases[] = {{"where i work", predicate::kEmployer},
                   {"who i work for", predicate::kEmployer},
                   {"what i do", predicate::kJob},
                   {"where i live", predicate::kLocation},
                   {"what i'm working on", predicate::kProject},
                   {"what i am working on", predicate::kProject},
                   {"在哪工作", predicate::kEmployer}};
    for (const auto& p : phrases) {
        if (key.compare(QString::fromUtf8(p.phrase), Qt::CaseInsensitive) == 0)
            return QString(p.predicate);
    }
    const QString canonical = canonicalPredicate(key);
    return isCanonicalPredicate(canonical) && canonical != predicate::kNote ? canonical : QString();
}

// "忘掉我的项目", "把我的名字忘了吧", "forget where I work", "forget that I like coffee".
bool matchForget(const QString& body, FactOperations& out)
{
    static const QRegularExpression forms[] = {
        pattern(QStringLiteral("^(?:请|请你|你|帮我|麻烦你?)?(?:忘掉|忘记|删掉|删除|清除)(?:掉)?\\s*(.+?)[吧了]*$")),
        pattern(
            QStringLiteral("^(?:请|请你|你|帮我|麻烦你?)?把\\s*(.+?)\\s*(?:忘掉|忘记|忘了|删掉|删除|删了)[吧了]*$")),
        pattern(QStringLiteral("^(?:please\\s+)?(?:forget|delete|erase)\\s+(?:about\\s+)?(?:that\\s+)?(.+)$")),
    };
    for (const auto& form : forms) {
        const auto m = form.match(body);
        if (!m.hasMatch())
            continue;
        const QString target = m.captured(1).trimmed();
        QStringList predicates;
        if (const QString p = forgottenPredicate(target); !p.isEmpty()) {
            predicates.append(p);
        } else {
            // The request names a statement ("忘掉我在做电商项目"): forget the key it would set.
            const FactOperations named = statementsIn(target);
            for (const auto& f : named.facts + named.updates)
                predicates.append(f.predicate);
        }
        for (const QString& p : predicates) {
            const FactDelete d{userSubject(), p};
            if (!out.deletes.contains(d))
                out.deletes.append(d);
        }
        return true; // a forget request is never also a statement to store
    }
    return false;
}

// "记住：我叫张三" stores the name; "记住我对花生过敏" stores a note; "别忘了…" and "remember that…" alike.
bool matchRemember(const QString& body, FactOperations& out)
{
    static const QRegularExpression forms[] = {
        pattern(QStringLiteral(
            "^(?:请|请你|你要|你得|帮我|麻烦你?|一定要|要)?(?:记住|记下|记一下|牢记)(?:一下)?[:,]?\\s*(.+)$")),
        pattern(QStringLiteral("^(?:请|你)?(?:别|不要|千万别|千万不要)(?:忘了|忘记)[:,]?\\s*(.+)$")),
        pattern(QStringLiteral("^(?:please\\s+)?(?:remember|keep in mind|note down|don't forget|do not forget)"
                               "(?:\\s+that)?[:,]?\\s+(.+)$")),
    };
    static const QRegularExpression reminder = pattern(QStringLiteral("^(?:to\\b|me\\b)"));
    constexpr qsizetype kMaxNote = 200;
    for (const auto& form : forms) {
        const auto m = form.match(body);
        if (!m.hasMatch())
            continue;
        const QString content = m.captured(1).trimmed();
        // "remember to call mom" is a reminder, not a fact; "记住这个" names nothing.
        if (content.size() < 2 || content.size() > kMaxNote || startsWithPronoun(content) || content.contains(reminder))
            return true;
        FactOperations parsed = statementsIn(content);
        if (parsed.isEmpty()) {
            addFact(out, predicate::kNote, content, kRememberedConfidence);
            return true;
        }
        for (auto* list : {&parsed.facts, &parsed.updates}) {
            for (auto& f : *list)
                f.confidence = kRememberedConfidence;
        }
        out.append(parsed);
        return true;
    }
    return false;
}

} // namespace

FactOperations RuleExtractor::extract(const QString& userMessage)
{
    FactOperations ops;
    const QString text = cleanMessage(userMessage);
    if (isPlayOrTest(text))
        return ops;
    const QStringList all = sentences(text);
    for (qsizetype i = 0; i < all.size(); ++i) {
        const QString& sentence = all.at(i);
        if (isJoke(all, i) || isQuestion(sentence))
            continue;
        const QString body = sentenceBody(sentence);
        // Before the uncertainty guard: "把我的名字忘了吧" is a request, not a guess.
        if (matchForget(body, ops) || isNotCurrentFact(sentence) || matchRemember(body, ops))
            continue;
        ops.append(statementsIn(sentence));
    }
    return ops;
}

} // namespace engram
