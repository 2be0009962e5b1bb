<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AppStartup</name>
    <message>
        <source>A desktop assistant that remembers you across conversations.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use the memory database at &lt;path&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>path</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram cannot start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory database could not be opened:
%1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram has not changed the file. Move it aside to start with an empty memory, or start Engram with --db and the path of another file.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Profile: each has its own conversations and memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Manage profiles</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New incognito conversation: nothing in it is stored or remembered</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message the assistant (Enter sends, Shift+Enter adds a line)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New &amp;Incognito Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in it is stored, and the assistant neither remembers nor recalls anything</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename Conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Conversation…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each profile has its own conversations and its own memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Rename Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Delete Profile…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save everything the assistant remembers about this profile to a file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Import Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add remembered items from an Engram export file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Clear My Memory…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Erase everything the assistant remembers about this profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Engram</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Address:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API &amp;key:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide the key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Chat model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Same as the chat model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model that picks out facts worth remembering after each turn</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Embedding model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None: recall by keywords only</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Timeouts:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long to wait for the endpoint to answer at all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to connect,</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>How long a reply may pause before it counts as stalled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>for a reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Test Connection</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remember things across conversations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While this is off, nothing new is remembered and nothing remembered reaches the model. What is already stored stays until you delete it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What goes into each reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;rounds kept word for word:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Facts about you, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Past conversations, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;messages, at most:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forgetting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep at most this many past &amp;exchanges:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Let past exchanges &amp;fade after:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pinned items and facts about you are never forgotten this way.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>General</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A new language takes effect when Engram starts again.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ChatController</name>
    <message>
        <source>Not answered: no model is set up yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the model could not be reached.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the endpoint did not accept the API key.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the endpoint is limiting requests for now.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the model took too long.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the endpoint reported an error.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered: the model&apos;s answer could not be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not sent: the message could not be saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ask anything. What matters is remembered across conversations; see and change it in the memory panel (Ctrl+M).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not load this conversation: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reply was received.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This reply was interrupted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The previous reply is still being written.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not answered yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remembered: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not undo: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No longer remembered: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ChatView</name>
    <message>
        <source>Incognito conversation: nothing here is stored, and the assistant neither remembers nor recalls anything.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copied the message to the clipboard.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Forget this again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConversationList</name>
    <message>
        <source>New conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Incognito: nothing in this conversation is stored or remembered. It disappears when Engram closes.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ErrorBanner</name>
    <message>
        <source>Open Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hide this message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model is connected, so the assistant cannot answer yet. Open Settings to choose a provider or enter the address of an OpenAI-compatible endpoint. Conversations and memory keep working meanwhile.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model cannot be reached at %1. Check that the server is running and that the address in Settings is right; your message is kept, so you can retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint did not accept the API key. Check the key in Settings; your message is kept, so you can retry.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint is limiting requests right now. Wait a moment, then retry your message.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model did not answer in time. It may be busy or still loading; retry in a moment, or allow more time in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The endpoint reported an error. Your message is kept; retry in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model&apos;s answer could not be understood. Check the chat model in Settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Your message could not be saved. It stays on screen; retry in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::KeychainSecretStore</name>
    <message>
        <source>The keychain could not delete the API key: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No keychain service (such as GNOME Keyring or KWallet) is running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MainWindow</name>
    <message>
        <source>Me</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the Reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated tokens each memory tier put into the last reply&apos;s context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the assistant remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory Panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show or hide what the assistant remembers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the profiles: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create a profile to start (Profile › New Profile).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The memory panel for “%1” appears here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name of the new profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New name of this profile:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be renamed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Profile</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the profile “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All of its conversations and everything the assistant remembers about it are erased. This cannot be undone.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The profile could not be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the conversations: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start a conversation: type below, or choose New Conversation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Engram</source>
        <extracomment>Window title: the conversation&apos;s title, then the app&apos;s name</extracomment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be created.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rename Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>New title of this conversation:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be renamed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete Conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete the conversation “%1”?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Its messages are removed from the history. What the assistant learned from it stays in memory until you delete it there.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The conversation could not be deleted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the reply (Esc); what has arrived is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send the message (Enter)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model chosen</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Settings saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;A desktop assistant that remembers you across conversations, and shows you everything it remembers.&lt;/p&gt;&lt;p&gt;Memory is kept in one file on this computer; only the model endpoint you choose sees your messages.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context tokens: %1 conversation · %2 past · %3 facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A reply is still being written. Press Esc to stop it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemorySecretStore</name>
    <message>
        <source>No keychain service is running.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MessageWidget</name>
    <message>
        <source>This conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Past conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archived</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy this message to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write this reply again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the assistant was reminded of for this reply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send this message again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>thinking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>writing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memories used (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · %n token(s)</source>
        <extracomment>One memory that went into a reply: its kind, its text, and how many tokens it took</extracomment>
        <translation>
            <numerusform>%1 · %2 · %n token</numerusform>
            <numerusform>%1 · %2 · %n tokens</numerusform>
        </translation>
    </message>
    <message>
        <source>Show this item in the memory panel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::OfflineChatEngine</name>
    <message>
        <source>There is nothing to undo.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model client is connected in this build.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::SettingsDialog</name>
    <message>
        <source>Custom</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System default</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> s</source>
        <comment>unit suffix of a number of seconds</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <comment>unit suffix of a token budget</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> days</source>
        <comment>unit suffix of a number of days</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Never</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Available once a model client is connected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Using the key from the environment</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send a short request with these settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The key is kept in the system keychain, never in a file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 The key is kept only until Engram quits and is never written to a file; enter it again after a restart.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Testing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected. %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
