#include "memory/FactLabels.h"

#include "llm/FactOperations.h"

#include <QCoreApplication>

namespace engram {
namespace {

constexpr const char* kContext = "FactLabels";

struct Label
{
    const char* key;
    const char* text; // English, translated in the "FactLabels" context
};

// The canonical predicates (llm/FactOperations.h) and a few more that models commonly write.
constexpr Label kLabels[] = {
    {predicate::kName.data(), QT_TRANSLATE_NOOP("FactLabels", "Name")},
    {predicate::kJob.data(), QT_TRANSLATE_NOOP("FactLabels", "Job")},
    {predicate::kEmployer.data(), QT_TRANSLATE_NOOP("FactLabels", "Employer")},
    {predicate::kProject.data(), QT_TRANSLATE_NOOP("FactLabels", "Project")},
    {predicate::kTechStack.data(), QT_TRANSLATE_NOOP("FactLabels", "Tech stack")},
    {predicate::kLanguage.data(), QT_TRANSLATE_NOOP("FactLabels", "Programming language")},
    {predicate::kLikes.data(), QT_TRANSLATE_NOOP("FactLabels", "Likes")},
    {predicate::kDislikes.data(), QT_TRANSLATE_NOOP("FactLabels", "Dislikes")},
    {predicate::kLocation.data(), QT_TRANSLATE_NOOP("FactLabels", "Lives in")},
    {predicate::kGoal.data(), QT_TRANSLATE_NOOP("FactLabels", "Goal")},
    {predicate::kDecision.data(), QT_TRANSLATE_NOOP("FactLabels", "Decision")},
    {predicate::kNote.data(), QT_TRANSLATE_NOOP("FactLabels", "Note")},
    {"deploys_with", QT_TRANSLATE_NOOP("FactLabels", "Deploys with")},
    {"birthday", QT_TRANSLATE_NOOP("FactLabels", "Birthday")},
    {"age", QT_TRANSLATE_NOOP("FactLabels", "Age")},
    {"pet", QT_TRANSLATE_NOOP("FactLabels", "Pet")},
    {"partner", QT_TRANSLATE_NOOP("FactLabels", "Partner")},
    {"timezone", QT_TRANSLATE_NOOP("FactLabels", "Time zone")},
};

const char* const kMe = QT_TRANSLATE_NOOP("FactLabels", "Me");

QString translated(const char* text)
{
    return QCoreApplication::translate(kContext, text);
}

// "favourite_food" → "Favourite food": a key without a label, as words.
QString readable(const QString& key)
{
    QString words = key;
    words.replace(QLatin1Char('_'), QLatin1Char(' '));
    words = words.simplified();
    if (!words.isEmpty())
        words[0] = words[0].toUpper();
    return words;
}

// A typed label of either language, folded for comparison.
QString folded(const QString& text)
{
    return text.normalized(QString::NormalizationForm_KC).simplified().toCaseFolded();
}

// Most stored facts already hold the canonical key ("user", "tech_stack"), so the exact match
// comes first; canonicalising (NFKC and a regular expression) is left to the others. Labels are
// built for every fact of a turn's profile and every painted row of the Profile tab.
bool isUser(const QString& subject)
{
    return subject == userSubject() || canonicalSubject(subject) == userSubject();
}

const Label* labelOf(const QString& key)
{
    for (const Label& label : kLabels) {
        if (key == QLatin1String(label.key))
            return &label;
    }
    return nullptr;
}

} // namespace

QString FactLabels::subject(const QString& subject)
{
    return isUser(subject) ? translated(kMe) : subject;
}

QString FactLabels::predicate(const QString& predicate)
{
    if (const Label* label = labelOf(predicate))
        return translated(label->text);
    const QString key = canonicalPredicate(predicate);
    if (const Label* label = labelOf(key))
        return translated(label->text);
    return readable(key.isEmpty() ? predicate : key);
}

QString FactLabels::statement(const QString& subject, const QString& predicate, const QString& object)
{
    const QString fact =
        QCoreApplication::translate("FactLabels", "%1 → %2").arg(FactLabels::predicate(predicate), object);
    if (isUser(subject))
        return fact;
    return QCoreApplication::translate("FactLabels", "%1 · %2").arg(FactLabels::subject(subject), fact);
}

QString FactLabels::predicateKey(const QString& typed)
{
    const QString f = folded(typed);
    for (const Label& label : kLabels) {
        if (f == folded(QString::fromUtf8(label.text)) || f == folded(translated(label.text)))
            return QString::fromUtf8(label.key);
    }
    return canonicalPredicate(typed);
}

QString FactLabels::subjectKey(const QString& typed)
{
    const QString f = folded(typed);
    if (f == folded(QString::fromUtf8(kMe)) || f == folded(translated(kMe)))
        return userSubject();
    return canonicalSubject(typed);
}

} // namespace engram
