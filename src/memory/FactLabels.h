#pragma once

#include <QString>

namespace engram {

// How a fact reads to the user. Facts are stored with canonical keys ("user", "tech_stack",
// "deploys_with") so that one value supersedes another whatever the language it was said in;
// wherever a person reads a fact (the panel, the "Remembered" notice, the memories a reply used)
// it shows a label in the interface language instead: "Me", "Tech stack", "Deploys with" /
// "我", "技术栈", "部署方式". A key Engram has no label for reads as words ("favourite_food" →
// "Favourite food"). The keys stay what storage, export and the model's prompt use.
class FactLabels final
{
public:
    // "user" → "Me" (我); any other subject as it is.
    static QString subject(const QString& subject);
    // The label of a predicate key, in the interface language.
    static QString predicate(const QString& predicate);
    // One line for a fact: "Deploys with → Kubernetes"; "Anna · Employer → Acme" for a subject
    // other than the user.
    static QString statement(const QString& subject, const QString& predicate, const QString& object);

    // What a person typed where a predicate or a subject is asked for, as a key: a label in either
    // language ("Tech stack", "技术栈", "Me", "我") or a key ("tech_stack") alike.
    static QString predicateKey(const QString& typed);
    static QString subjectKey(const QString& typed);
};

} // namespace engram
